import { render, screen, waitFor, within } from "@testing-library/react";
import { setupUser, type User } from "./user";
import { Refine, type BaseKey } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { Button } from "antd";
import type { AxiosAdapter } from "axios";
import i18next from "i18next";
import { changeLanguage } from "../../src/i18n/setup";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppFrame } from "../../src/App";
import { ExportButton, ListPage, type ListColumn } from "../../src/components/list";
import { http } from "../../src/lib/http";
import { dataProvider } from "../../src/providers/data";
import { createI18nProvider } from "../../src/providers/i18n";
import { fakeApi } from "./fake-api";

interface Person {
  id: number;
  name: string;
  hired_on: string;
  base_rate: number;
  status: "active" | "on_leave";
}

const PEOPLE: Person[] = Array.from({ length: 250 }, (_, index) => ({
  id: index + 1,
  name: `Person ${index + 1}`,
  hired_on: `2025-${String((index % 12) + 1).padStart(2, "0")}-15`,
  base_rate: 1000 * (index + 1),
  status: index % 3 === 0 ? "on_leave" : "active",
}));
// Cells a spreadsheet would mangle or run.
PEOPLE[0].name = "=HYPERLINK(\"http://evil\")";
PEOPLE[1].name = "田中, 太郎";

const COLUMNS: ListColumn<Person>[] = [
  { field: "name", titleKey: "test.people.name", kind: "text" },
  { field: "hired_on", titleKey: "test.people.hiredOn", kind: "date" },
  { field: "base_rate", titleKey: "test.people.baseRate", kind: "number" },
  {
    field: "status",
    titleKey: "test.people.status",
    kind: "choice",
    choices: [
      { value: "active", labelKey: "test.people.active" },
      { value: "on_leave", labelKey: "test.people.onLeave" },
    ],
  },
];

beforeAll(() => {
  i18next.addResourceBundle(
    "en",
    "translation",
    { test: { people: { title: "People", name: "Name", hiredOn: "Hired on", baseRate: "Base rate", status: "Status", active: "Active", onLeave: "On leave" } } },
    true,
    true,
  );
});

/**
 * GET /people answered from PEOPLE by page and per_page. fakeApi hands its
 * handlers only the body, so the query is read where the adapter is entered.
 * With countCap the count stops there, as the server's does on long lists.
 */
function peopleApi(countCap = Infinity) {
  const fake = fakeApi();
  const requests: URLSearchParams[] = [];
  let current = new URLSearchParams();
  const answer = http.defaults.adapter as AxiosAdapter;
  http.defaults.adapter = (config) => {
    current = new URLSearchParams(config.params as URLSearchParams);
    if (config.url === "/people") requests.push(current);
    return answer(config);
  };
  fake.on("GET", "/people", () => {
    const page = Number(current.get("page"));
    const perPage = Number(current.get("per_page"));
    const data = PEOPLE.slice((page - 1) * perPage, page * perPage);
    const total = Math.min(PEOPLE.length, countCap);
    return [200, { data, meta: { current_page: page, per_page: perPage, total, last_page: Math.ceil(total / perPage), total_capped: PEOPLE.length > countCap } }];
  });
  return {
    requests,
    last: () => requests.at(-1) ?? new URLSearchParams(),
  };
}

function renderInRefine(ui: ReactNode) {
  return render(
    <MemoryRouter initialEntries={["/people"]}>
      <AppFrame>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          i18nProvider={createI18nProvider(i18next)}
          options={{ disableTelemetry: true, syncWithLocation: false }}
        >
          {ui}
        </Refine>
      </AppFrame>
    </MemoryRouter>,
  );
}

function renderPeople(onDelete: (ids: BaseKey[]) => void = () => {}) {
  renderInRefine(
    <ListPage<Person>
      resource="people"
      titleKey="test.people.title"
      columns={COLUMNS}
      createButton={<Button type="primary">New person</Button>}
      bulkActions={({ ids, clear }) => (
        <Button
          danger
          onClick={() => {
            onDelete(ids);
            clear();
          }}
        >
          Delete selected
        </Button>
      )}
    />,
  );
}

const firstPageShown = () => screen.findByText("Person 3");
/** The loading mask takes clicks (as in a browser) until the requested page is in. */
const pageLoaded = () => waitFor(() => expect(document.querySelector(".ant-spin-spinning")).toBeNull());

/** Opens a column's filter and returns its dropdown. */
async function openFilter(user: User, column: string) {
  await user.click(screen.getByRole("button", { name: `Filter by ${column}` }));
  return await waitFor(() => {
    const dropdown = document.querySelector<HTMLElement>(".ant-table-filter-dropdown");
    if (!dropdown) throw new Error("filter dropdown not open");
    return dropdown;
  });
}

async function chooseMatchMode(user: User, dropdown: HTMLElement, label: string) {
  await user.click(within(dropdown).getByRole("combobox", { name: "Match mode" }));
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-dropdown .ant-select-item-option[title="${label}"]`);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  await user.click(option);
}

describe("list kit", () => {
  let api: ReturnType<typeof peopleApi>;
  beforeEach(() => {
    api = peopleApi();
  });

  it("loads the first page with the title, toolbar and page size", async () => {
    renderPeople();
    await firstPageShown();
    expect(screen.getByRole("heading", { name: "People" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New person" })).toBeInTheDocument();
    expect(api.last().get("page")).toBe("1");
    expect(api.last().get("per_page")).toBe("20");
    // Choice cells show their labels, dates the spec's YYYY-MM-DD.
    expect(screen.getAllByText("On leave").length).toBeGreaterThan(0);
    expect(screen.getAllByText("2025-01-15").length).toBeGreaterThan(0);
    expect(screen.getByText("1–20 of 250")).toBeInTheDocument();
  });

  it("says 'more than' when the server stopped counting", async () => {
    api = peopleApi(100);
    renderPeople();
    await firstPageShown();
    expect(screen.getByText("1–20 of more than 100")).toBeInTheDocument();
  });

  it("applies a text 'contains' filter as filter[name][contains]", async () => {
    const user = setupUser();
    renderPeople();
    await firstPageShown();
    const dropdown = await openFilter(user, "Name");
    await chooseMatchMode(user, dropdown, "Contains");
    await user.type(within(dropdown).getByRole("textbox", { name: "Value" }), "  ann ");
    await user.click(within(dropdown).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(api.last().get("filter[name][contains]")).toBe("ann"));
    expect(api.last().get("page")).toBe("1");
    await pageLoaded();

    // Reset removes the field's filter again.
    const reopened = await openFilter(user, "Name");
    await user.click(within(reopened).getByRole("button", { name: "Reset" }));
    await waitFor(() => expect([...api.last().keys()].filter((key) => key.startsWith("filter["))).toEqual([]));
  });

  it("applies a date 'before' filter as filter[hired_on][dateBefore]=YYYY-MM-DD", async () => {
    const user = setupUser();
    renderPeople();
    await firstPageShown();
    const dropdown = await openFilter(user, "Hired on");
    await chooseMatchMode(user, dropdown, "Date is before");
    const input = within(dropdown).getByPlaceholderText("Choose a date");
    // The spec's input format: mm/dd/yy.
    await user.type(input, "01/15/26{Enter}");
    await user.click(within(dropdown).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(api.last().get("filter[hired_on][dateBefore]")).toBe("2026-01-15"));
  });

  it("applies a number 'greater than or equal' filter as filter[base_rate][gte]", async () => {
    const user = setupUser();
    renderPeople();
    await firstPageShown();
    const dropdown = await openFilter(user, "Base rate");
    await chooseMatchMode(user, dropdown, "Greater than or equal to");
    await user.type(within(dropdown).getByRole("spinbutton", { name: "Value" }), "50000");
    await user.click(within(dropdown).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(api.last().get("filter[base_rate][gte]")).toBe("50000"));
  });

  it("sorts on the server: ascending, then descending as sort=-field", async () => {
    const user = setupUser();
    renderPeople();
    await firstPageShown();
    const header = () => screen.getByRole("columnheader", { name: /Base rate/ });
    await user.click(header());
    await waitFor(() => expect(api.last().get("sort")).toBe("base_rate"));
    await pageLoaded();
    await user.click(header());
    await waitFor(() => expect(api.last().get("sort")).toBe("-base_rate"));
  });

  it("sends the search box as search=", async () => {
    const user = setupUser();
    renderPeople();
    await firstPageShown();
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "tanaka{Enter}");
    await waitFor(() => expect(api.last().get("search")).toBe("tanaka"));
    expect([...api.last().keys()].some((key) => key.startsWith("filter[search]"))).toBe(false);
  });

  it("shows how many rows are selected and hands their ids to the bulk action", async () => {
    const user = setupUser();
    const onDelete = vi.fn();
    renderPeople(onDelete);
    await firstPageShown();
    const rowOf = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;
    await user.click(within(rowOf("Person 3")).getByRole("checkbox"));
    await user.click(within(rowOf("Person 5")).getByRole("checkbox"));
    expect(screen.getByTestId("bulk-count")).toHaveTextContent("2 selected");
    await user.click(screen.getByRole("button", { name: "Delete selected" }));
    expect(onDelete).toHaveBeenCalledWith([3, 5]);
    expect(screen.queryByTestId("bulk-count")).not.toBeInTheDocument();

    await user.click(within(rowOf("Person 4")).getByRole("checkbox"));
    expect(screen.getByTestId("bulk-count")).toHaveTextContent("1 selected");
    await user.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.queryByRole("region", { name: "Bulk actions" })).not.toBeInTheDocument();
  });

  it("names the select-all box and counts the selection in the reader's language, with plurals", async () => {
    await changeLanguage("fr");
    try {
      const user = setupUser();
      renderPeople();
      await firstPageShown();
      const rowOf = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;
      expect(screen.getByRole("checkbox", { name: "Sélectionner toutes les lignes de cette page" })).toBeInTheDocument();
      expect(screen.queryByRole("checkbox", { name: "Select all" })).not.toBeInTheDocument();
      await user.click(within(rowOf("Person 3")).getByRole("checkbox"));
      expect(screen.getByTestId("bulk-count")).toHaveTextContent(/^1 ligne sélectionnée$/);
      await user.click(within(rowOf("Person 5")).getByRole("checkbox"));
      expect(screen.getByTestId("bulk-count")).toHaveTextContent(/^2 lignes sélectionnées$/);
    } finally {
      await changeLanguage("en");
      localStorage.clear();
    }
  });

  describe("CSV export", () => {
    let blobs: Blob[];
    let filenames: string[];
    beforeEach(() => {
      blobs = [];
      filenames = [];
      Object.defineProperty(URL, "createObjectURL", {
        configurable: true,
        writable: true,
        value: (blob: Blob) => {
          blobs.push(blob);
          return "blob:export";
        },
      });
      Object.defineProperty(URL, "revokeObjectURL", { configurable: true, writable: true, value: () => {} });
      // jsdom cannot navigate to a download; record which file would have been saved.
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
        filenames.push(this.download);
      });
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    const blobBytes = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

    it("writes every page of the current filters and sort, headed by the column titles", async () => {
      const user = setupUser();
      renderPeople();
      await firstPageShown();
      await user.type(screen.getByRole("searchbox", { name: "Search" }), "person{Enter}");
      await waitFor(() => expect(api.last().get("search")).toBe("person"));
      const before = api.requests.length;

      await user.click(screen.getByRole("button", { name: /Export CSV/ }));
      await waitFor(() => expect(blobs).toHaveLength(1));

      const exportCalls = api.requests.slice(before);
      expect(exportCalls.map((query) => [query.get("page"), query.get("per_page"), query.get("search")])).toEqual([
        ["1", "100", "person"],
        ["2", "100", "person"],
        ["3", "100", "person"],
      ]);
      expect(filenames[0]).toMatch(/^people-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(blobs[0].type).toBe("text/csv;charset=utf-8");

      const bytes = await blobBytes(blobs[0]);
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
      const lines = text.trimEnd().split("\r\n");
      expect(lines).toHaveLength(251);
      expect(lines[0]).toBe("Name,Hired on,Base rate,Status");
      expect(lines[1]).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\",2025-01-15,1000,On leave");
      expect(lines[2]).toBe("\"田中, 太郎\",2025-02-15,2000,Active");
      expect(lines[250]).toBe("Person 250,2025-10-15,250000,On leave");
    });

    it("stops at the row cap and says so", async () => {
      const user = setupUser();
      renderInRefine(<ExportButton<Person> resource="people" columns={COLUMNS} filters={[]} sorters={[{ field: "name", order: "desc" }]} maxRows={150} />);
      await user.click(screen.getByRole("button", { name: /Export CSV/ }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      expect(api.requests.map((query) => [query.get("page"), query.get("sort")])).toEqual([
        ["1", "-name"],
        ["2", "-name"],
      ]);
      const text = new TextDecoder().decode(await blobBytes(blobs[0]));
      expect(text.trimEnd().split("\r\n")).toHaveLength(151);
      expect(await screen.findByText("Only the first 150 of 250 rows were exported. Narrow the filters to export the rest.")).toBeInTheDocument();
    });

    it("reads past a capped count up to the row cap", async () => {
      api = peopleApi(100);
      const user = setupUser();
      renderInRefine(<ExportButton<Person> resource="people" columns={COLUMNS} filters={[]} sorters={[]} maxRows={150} />);
      await user.click(screen.getByRole("button", { name: /Export CSV/ }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      expect(api.requests.map((query) => query.get("page"))).toEqual(["1", "2"]);
      const text = new TextDecoder().decode(await blobBytes(blobs[0]));
      expect(text.trimEnd().split("\r\n")).toHaveLength(151);
      expect(
        await screen.findByText("Only the first 150 rows were exported; the list has more than 100. Narrow the filters to export the rest."),
      ).toBeInTheDocument();
    });
  });
});

describe("an empty list", () => {
  it("says there is nothing yet with the create button, and with a search on, that nothing matches and how to clear it", async () => {
    const fake = fakeApi();
    const searches: (string | null)[] = [];
    const answer = http.defaults.adapter as AxiosAdapter;
    http.defaults.adapter = (config) => {
      if (config.url === "/people") searches.push(new URLSearchParams(config.params as URLSearchParams).get("search"));
      return answer(config);
    };
    fake.on("GET", "/people", [200, { data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1, total_capped: false } }]);
    const user = setupUser();
    renderPeople();
    expect(await screen.findByText("Nothing in “People” yet. Create the first one:")).toBeInTheDocument();
    // The page's own button, and the same one under the message.
    expect(screen.getAllByRole("button", { name: "New person" })).toHaveLength(2);
    await user.type(screen.getByPlaceholderText("Search..."), "zzz{Enter}");
    expect(await screen.findByText("Nothing matches these filters or this search.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(await screen.findByText("Nothing in “People” yet. Create the first one:")).toBeInTheDocument();
    expect(searches.at(-2)).toBe("zzz");
    expect(searches.at(-1)).toBeNull();
  });
});
