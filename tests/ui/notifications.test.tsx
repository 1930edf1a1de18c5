/**
 * Notifications in the app: the header's bell (its count by name, the recent
 * list, Escape), the live link raising the count without a reload and coming
 * back with a new ticket and the last id, the list's status and type filters
 * and bulk actions on the selected ids, the record's page marking it read,
 * and the broadcast form (its 422 on the fields, hidden without the permission).
 */
import { act, screen, waitFor, within } from "@testing-library/react";
import type { AxiosAdapter } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NotificationRecord } from "../../contracts/notifications";
import { setEventSourceFactory, type EventSourceLike } from "../../src/components/notifications";
import { http } from "../../src/lib/http";
import { renderAt } from "./render";
import { meAs, page, signedInAs, switchesLanguage } from "./session";
import { settle, toasts } from "./toasts";
import { setupUser } from "./user";

const notification = (id: number, changes: Partial<NotificationRecord> = {}): NotificationRecord => ({
  id,
  type: "system",
  title: `Notice ${id}`,
  message: `The text of notice ${id}.`,
  link: null,
  params: {},
  sender: { id: 1, name: "Alex Admin" },
  read_at: null,
  archived_at: null,
  created_at: "2026-11-23T02:05:00Z",
  ...changes,
});

/** What a broadcast can reach, as GET /notifications/audiences answers. */
const AUDIENCES = { everyone: 40, roles: [{ id: 4, name: "Payroll Officer", people: 1 }], departments: [] };

const UNREAD = notification(7, { title: "Payroll released", link: "/user-payslips" });
const READ = notification(8, { title: "Office closed Friday", read_at: "2026-11-23T03:00:00Z", type: "access_changed", sender: null });

/** A stand-in for the browser's EventSource (jsdom has none): the test opens it, sends events, breaks it. */
class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  open() {
    act(() => this.onopen?.(new Event("open")));
  }

  send(type: string, data: unknown, id?: number) {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId: id === undefined ? "" : String(id) });
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }

  fail() {
    act(() => this.onerror?.(new Event("error")));
  }

  static last(): FakeEventSource {
    const last = FakeEventSource.opened.at(-1);
    if (!last) throw new Error("no stream opened");
    return last;
  }
}

/** The query of every call, by path: fakeApi hands handlers only the body. */
function recordQueries() {
  const queries: { url: string; query: URLSearchParams }[] = [];
  const answer = http.defaults.adapter as AxiosAdapter;
  http.defaults.adapter = (config) => {
    queries.push({ url: config.url ?? "", query: new URLSearchParams(config.params as URLSearchParams) });
    return answer(config);
  };
  return { of: (url: string) => queries.filter((call) => call.url === url).map((call) => call.query) };
}

switchesLanguage(() => [import("../../src/pages/notifications")]);

beforeEach(() => {
  FakeEventSource.opened = [];
});

afterEach(() => setEventSourceFactory());

const bell = (name: string | RegExp) => screen.findByRole("button", { name });

/** An open antd select's option, by its label. */
const option = (label: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-dropdown .ant-select-item-option[title="${label}"]`);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });

describe("the bell", () => {
  it("says the unread count by name, lists the recent ones with links, and closes on Escape with the focus back", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(3, 1, "Emery Employee", []));
    fake.on("GET", "/notifications/unread-count", [200, { data: { count: 3 } }]);
    fake.on("GET", "/notifications/recent", [200, { data: [UNREAD, READ] }]);
    renderAt("/user-dashboard");

    const button = await bell("Notifications, 3 unread");
    expect(within(button).getByText("3")).toBeInTheDocument();
    // Nothing is fetched for the list until the bell is opened.
    expect(fake.calls.some((call) => call.url === "/notifications/recent")).toBe(false);

    await user.click(button);
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    const items = await within(panel).findAllByTestId("bell-item");
    expect(items.map((item) => item.getAttribute("href"))).toEqual(["/notifications/7", "/notifications/8"]);
    expect(within(items[0]).getByText("Unread", { exact: false })).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "See all notifications" })).toHaveAttribute("href", "/notifications");
    await waitFor(() => expect(panel).toHaveFocus());

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Notifications" })).toBeNull());
    expect(button).toHaveFocus();
  }, 60_000);

  it("marks all as read from the panel", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(3, 1, "Emery Employee", []));
    let count = 2;
    fake.on("GET", "/notifications/unread-count", () => [200, { data: { count } }]);
    fake.on("GET", "/notifications/recent", [200, { data: [UNREAD] }]);
    fake.on("POST", "/notifications/mark-all-as-read", () => {
      count = 0;
      return [200, { data: { updated: 2 }, message: "2 notifications marked as read." }];
    });
    renderAt("/user-dashboard");
    await user.click(await bell("Notifications, 2 unread"));
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    await user.click(within(panel).getByRole("button", { name: "Mark all as read" }));
    expect(await bell("Notifications, none unread")).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.url === "/notifications/mark-all-as-read")).toHaveLength(1);
    await settle();
    expect(toasts()).toContain("2 notifications marked as read.");
  }, 60_000);

  it("rises with a live event, without a reload or polling, and comes back with a new ticket and the last id after a failure", async () => {
    const user = setupUser();
    setEventSourceFactory((url) => new FakeEventSource(url));
    const fake = signedInAs(meAs(3, 1, "Emery Employee", []));
    let tickets = 0;
    fake.on("POST", "/notifications/stream-ticket", () => [200, { data: { ticket: `ticket-${++tickets}`, expires_at: "2026-11-23T03:00:00Z" } }]);
    fake.on("GET", "/notifications/recent", [200, { data: [READ] }]);
    renderAt("/user-dashboard");
    await bell("Notifications, none unread");
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.last();
    expect(stream.url).toBe("/api/notifications/stream?ticket=ticket-1");
    stream.open();

    stream.send("unread", { count: 1 });
    const button = await bell("Notifications, 1 unread");
    await user.click(button);
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    await within(panel).findByText("Office closed Friday");
    stream.send("notification", UNREAD, UNREAD.id);
    expect(await within(panel).findByText("Payroll released")).toBeInTheDocument();
    expect(within(panel).getAllByTestId("bell-item")[0]).toHaveAttribute("href", "/notifications/7");
    // One count at the start, no more: the stream brought the rest.
    expect(fake.calls.filter((call) => call.url === "/notifications/unread-count")).toHaveLength(1);

    // The connection drops: closed, and opened again with a new ticket and the last id it had.
    stream.fail();
    expect(stream.closed).toBe(true);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 5000 });
    expect(FakeEventSource.last().url).toBe("/api/notifications/stream?ticket=ticket-2&last_event_id=7");
  }, 60_000);

  it("is in the phone header too", async () => {
    window.innerWidth = 390;
    const fake = signedInAs(meAs(3, 1, "Emery Employee", []));
    fake.on("GET", "/notifications/unread-count", [200, { data: { count: 1 } }]);
    renderAt("/user-dashboard");
    expect(await bell("Notifications, 1 unread")).toBeInTheDocument();
    expect(screen.getByTestId("menu-button")).toBeInTheDocument();
  }, 60_000);

  it("names the count in the reader's language", async () => {
    const fake = signedInAs(meAs(3, 1, "Emery Employee", []), { language: "fr" });
    fake.on("GET", "/notifications/unread-count", [200, { data: { count: 2 } }]);
    renderAt("/user-dashboard");
    expect(await bell("Notifications, 2 non lues")).toBeInTheDocument();
  }, 60_000);
});

describe("the notifications list", () => {
  it("shows unread rows in bold, filters by status and type with the API's parameters, and marks read, archives and deletes the selected ids", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(3, 1, "Emery Employee", []));
    const queries = recordQueries();
    fake.on("GET", "/notifications", page([UNREAD, READ]));
    fake.on("POST", "/notifications/mark-as-read", [200, { data: { updated: 1 }, message: "1 notification marked as read." }]);
    fake.on("POST", "/notifications/archive", [200, { data: { updated: 2 }, message: "2 notifications archived." }]);
    fake.on("DELETE", "/notifications/7", [200, { message: "Notification deleted." }]);
    fake.on("DELETE", "/notifications/8", [200, { message: "Notification deleted." }]);
    renderAt("/notifications");

    const title = await screen.findByText("Payroll released");
    expect(title).toHaveStyle({ fontWeight: "600" });
    expect(title.closest("a")).toHaveAttribute("href", "/notifications/7");
    expect(screen.getByText("Office closed Friday")).not.toHaveStyle({ fontWeight: "600" });
    const unreadRow = title.closest("tr")!;
    expect(within(unreadRow).getByText("Unread")).toBeInTheDocument();
    expect(within(unreadRow).getByText("Announcement")).toBeInTheDocument();
    expect(within(screen.getByText("Office closed Friday").closest("tr")!).getByText("Access changed")).toBeInTheDocument();
    expect(queries.of("/notifications").at(-1)!.get("sort")).toBe("-created_at");

    // Status: the API's own parameter.
    const statusChoice = (name: string) => screen.getByRole("radio", { name }).closest("label")!;
    await user.click(statusChoice("Unread"));
    await waitFor(() => expect(queries.of("/notifications").at(-1)!.get("status")).toBe("unread"));
    expect([...queries.of("/notifications").at(-1)!.keys()].some((key) => key.startsWith("filter[status]"))).toBe(false);
    await screen.findByText("Payroll released");

    // Type: the list engine's choice filter.
    await user.click(screen.getByRole("button", { name: "Filter by Type" }));
    const dropdown = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(".ant-table-filter-dropdown");
      if (!found) throw new Error("filter dropdown not open");
      return found;
    });
    await user.click(within(dropdown).getByRole("combobox", { name: "Value" }));
    await user.click(await option("Announcement"));
    await user.click(within(dropdown).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(queries.of("/notifications").at(-1)!.get("filter[type][equals]")).toBe("system"));
    expect(queries.of("/notifications").at(-1)!.get("status")).toBe("unread");

    // Back to every status, then the bulk actions on two rows.
    await user.click(statusChoice("All"));
    await waitFor(() => expect(queries.of("/notifications").at(-1)!.has("status")).toBe(false));
    await user.click(await screen.findByRole("checkbox", { name: "Select Payroll released" }));
    await user.click(screen.getByRole("button", { name: /Mark as read/ }));
    await waitFor(() => expect(fake.calls.find((call) => call.url === "/notifications/mark-as-read")?.body).toEqual({ ids: [7] }));
    await waitFor(() => expect(screen.queryByTestId("bulk-count")).toBeNull());

    await user.click(await screen.findByRole("checkbox", { name: "Select Payroll released" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Office closed Friday" }));
    await user.click(screen.getByRole("button", { name: /Archive/ }));
    await waitFor(() => expect(fake.calls.find((call) => call.url === "/notifications/archive")?.body).toEqual({ ids: [7, 8] }));
    await waitFor(() => expect(screen.queryByTestId("bulk-count")).toBeNull());

    await user.click(await screen.findByRole("checkbox", { name: "Select Payroll released" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Office closed Friday" }));
    await user.click(screen.getByRole("button", { name: /Delete/ }));
    await user.click(await screen.findByRole("button", { name: "Delete", hidden: false }));
    await waitFor(() => expect(fake.calls.filter((call) => call.method === "DELETE").map((call) => call.url).sort()).toEqual(["/notifications/7", "/notifications/8"]));
    // The bell asked again after each change.
    expect(fake.calls.filter((call) => call.url === "/notifications/unread-count").length).toBeGreaterThanOrEqual(3);
  }, 90_000);
});

describe("a notification's page", () => {
  it("shows the title, message, sender, date and link; opening it marks it read and the badge drops", async () => {
    const fake = signedInAs(meAs(3, 1, "Emery Employee", []));
    let count = 2;
    fake.on("GET", "/notifications/unread-count", () => [200, { data: { count } }]);
    fake.on("GET", "/notifications/7", () => {
      count = 1;
      return [200, { data: { ...UNREAD, read_at: "2026-11-23T04:00:00Z" } }];
    });
    renderAt("/notifications/7");
    expect(await screen.findByRole("heading", { name: "Payroll released" })).toBeInTheDocument();
    expect(screen.getByText("The text of notice 7.")).toBeInTheDocument();
    expect(screen.getByText("Alex Admin")).toBeInTheDocument();
    expect(screen.getByText("Read")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Open the page it is about/ })).toHaveAttribute("href", "/user-payslips");
    expect(await bell("Notifications, 1 unread")).toBeInTheDocument();
  }, 60_000);

  it("says when it is not the reader's", async () => {
    const fake = signedInAs(meAs(3, 1, "Emery Employee", []));
    fake.on("GET", "/notifications/99", [404, { message: "Not found." }]);
    renderAt("/notifications/99");
    expect(await screen.findByText("This notification does not exist, or it is not yours.")).toBeInTheDocument();
  }, 60_000);
});

describe("the broadcast form", () => {
  it("is hidden from those without notifications_manage", async () => {
    const fake = signedInAs(meAs(5, 2, "Harper HR", ["users_view"]));
    fake.on("GET", "/notifications", page([]));
    renderAt("/notifications");
    await screen.findByRole("heading", { name: "Notifications" });
    await waitFor(() => expect(fake.calls.some((call) => call.url === "/notifications")).toBe(true));
    expect(screen.queryByRole("button", { name: /Send a notification/ })).toBeNull();
  }, 60_000);

  it("shows the server's 422 on its fields, then sends to a department and says how many it reached", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(5, 2, "Harper HR", ["notifications_manage"]));
    fake.on("GET", "/notifications", page([]));
    let reply: [number, unknown] = [
      422,
      { message: "The data is invalid.", errors: { title: ["This title is taken by the server."], "audience.department": ["No one works in this department."] } },
    ];
    fake.on("POST", "/notifications/system", () => reply);
    // Whoever may broadcast picks among what the broadcast can reach, with how many each reaches.
    fake.on("GET", "/notifications/audiences", [200, { data: { ...AUDIENCES, departments: [{ name: "Nowhere", people: 0 }, { name: "Finance", people: 12 }] } }]);
    renderAt("/notifications");
    await user.click(await screen.findByRole("button", { name: /Send a notification/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("radio", { name: "A role" })).toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: "Chosen people" })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Title"), "Fire drill");
    await user.type(within(dialog).getByLabelText("Message"), "At 3 pm, everyone out.");
    await user.click(within(dialog).getByRole("radio", { name: "A department" }));
    await user.click(await within(dialog).findByRole("combobox", { name: "Department" }));
    await user.click(await option("Nowhere (0 people)"));
    await user.click(within(dialog).getByRole("button", { name: /Send/ }));
    expect(await within(dialog).findByText("This title is taken by the server.")).toBeInTheDocument();
    expect(within(dialog).getByText("No one works in this department.")).toBeInTheDocument();
    expect(fake.calls.find((call) => call.url === "/notifications/system")!.body).toEqual({
      title: "Fire drill",
      message: "At 3 pm, everyone out.",
      audience: { type: "department", department: "Nowhere" },
    });

    reply = [201, { data: { recipients: 12, in_app: 12, email: 0 }, message: "Notification sent to 12 people." }];
    await user.click(within(dialog).getByRole("button", { name: /Send/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await settle();
    expect(toasts()).toContain("Sent to 12 people.");
  }, 60_000);

  it("sends to people found by the people lookup, named by number and department", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(5, 2, "Harper HR", ["notifications_manage"]));
    const lookups = recordQueries();
    fake.on("GET", "/notifications", page([]));
    fake.on("GET", "/notifications/audiences", [200, { data: AUDIENCES }]);
    fake.on("GET", "/users/lookup", [200, { data: [{ id: 12, name: "Kim Sato", employee_number: "E-12", department: "Finance" }, { id: 14, name: "Kim Lee", employee_number: null, department: null }] }]);
    fake.on("POST", "/notifications/system", [201, { data: { recipients: 2, in_app: 2, email: 0 }, message: "Notification sent to 2 people." }]);
    renderAt("/notifications");
    await user.click(await screen.findByRole("button", { name: /Send a notification/ }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Title"), "Training");
    await user.type(within(dialog).getByLabelText("Message"), "Room 4 at ten.");
    await user.click(within(dialog).getByRole("radio", { name: "Chosen people" }));
    const picker = await within(dialog).findByRole("combobox", { name: "People" });
    expect(within(dialog).getByText("Type a name or employee number to find people.")).toBeInTheDocument();
    await user.type(picker, "kim");
    await waitFor(() => expect(lookups.of("/users/lookup").some((query) => query.get("search") === "kim")).toBe(true));
    await user.click(await option("Kim Sato · E-12 · Finance"));
    await user.click(await option("Kim Lee"));
    await user.click(within(dialog).getByRole("button", { name: /Send/ }));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.url === "/notifications/system")?.body).toEqual({
        title: "Training",
        message: "Room 4 at ten.",
        audience: { type: "users", user_ids: [12, 14] },
      }),
    );
    await settle();
    expect(toasts()).toContain("Sent to 2 people.");
  }, 60_000);

  /** The broadcast dialog filled in for everyone, sent: the question it asks. */
  async function askEveryone(user: ReturnType<typeof setupUser>) {
    const fake = signedInAs(meAs(1, 0, "Alex Admin"));
    fake.on("GET", "/notifications", page([]));
    fake.on("GET", "/notifications/audiences", [200, { data: AUDIENCES }]);
    fake.on("POST", "/notifications/system", [201, { data: { recipients: 40, in_app: 40, email: 0 }, message: "Notification sent to 40 people." }]);
    renderAt("/notifications");
    await user.click(await screen.findByRole("button", { name: /Send a notification/ }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByRole("radio", { name: "Everyone (40 people)" })).toBeChecked();
    await user.type(within(dialog).getByLabelText("Title"), "Fire drill");
    await user.type(within(dialog).getByLabelText("Message"), "Friday at three.");
    await user.click(within(dialog).getByRole("button", { name: /Send/ }));
    // The dialogs' names all come from one test id here: the question is the dialog that asks it.
    const question = await waitFor(() => {
      const asking = screen.getAllByRole("dialog").find((found) => found.textContent?.startsWith("Send to everyone?"));
      if (!asking) throw new Error("no question yet");
      return asking;
    });
    expect(question).toHaveTextContent("This announcement goes to the whole company: 40 people");
    return { fake, question };
  }

  it("asks before telling the whole company, with how many people that is, and sends once told yes", async () => {
    const user = setupUser();
    const { fake, question } = await askEveryone(user);
    await user.click(within(question).getByRole("button", { name: /Send/ }));
    await waitFor(() => expect(fake.calls.find((call) => call.url === "/notifications/system")?.body).toMatchObject({ title: "Fire drill", audience: { type: "all" } }));
  }, 60_000);

  it("sends nothing to the whole company when the question is cancelled", async () => {
    const user = setupUser();
    const { fake, question } = await askEveryone(user);
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await settle();
    expect(fake.calls.some((call) => call.url === "/notifications/system")).toBe(false);
  }, 60_000);

  it("sends to a role picked from what a broadcast can reach", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(1, 0, "Alex Admin"));
    fake.on("GET", "/notifications", page([]));
    fake.on("GET", "/notifications/audiences", [200, { data: AUDIENCES }]);
    fake.on("POST", "/notifications/system", [201, { data: { recipients: 1, in_app: 1, email: 0 }, message: "Notification sent to 1 person." }]);
    renderAt("/notifications");
    await user.click(await screen.findByRole("button", { name: /Send a notification/ }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Title"), "Cut-off");
    await user.type(within(dialog).getByLabelText("Message"), "Timesheets by Friday.");
    await user.type(within(dialog).getByLabelText("Link (optional)"), "/employees");
    await user.click(within(dialog).getByRole("radio", { name: "A role" }));
    await user.click(await within(dialog).findByRole("combobox", { name: "Role" }));
    await user.click(await option("Payroll Officer (1 person)"));
    await user.click(within(dialog).getByRole("button", { name: /Send/ }));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.url === "/notifications/system")?.body).toEqual({
        title: "Cut-off",
        message: "Timesheets by Friday.",
        link: "/employees",
        audience: { type: "role", role_id: 4 },
      }),
    );
    await settle();
    expect(toasts()).toContain("Sent to 1 person.");
  }, 60_000);
});
