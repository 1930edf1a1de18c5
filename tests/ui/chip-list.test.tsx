/** Long chip lists (a role's permissions) end with "+N more", whose chips show on hover or keyboard focus. */
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChipList } from "../../src/components/common/ChipList";
import { setupUser } from "./user";

const NINE = ["View people", "Manage people", "View roles", "Manage roles", "View payroll runs", "Calculate payroll", "Approve payroll", "Release payroll", "View reports"];

describe("chip lists", () => {
  it("shows the first five and folds the rest into “+4 more”, shown on keyboard focus and read with it", async () => {
    const user = setupUser();
    render(<ChipList labels={NINE} />);
    expect(screen.getByText("View payroll runs")).toBeInTheDocument();
    expect(screen.queryByText("Calculate payroll")).toBeNull();
    const more = screen.getByTestId("chips-more");
    expect(more).toHaveTextContent("+4 more: Calculate payroll, Approve payroll, Release payroll, View reports");
    await user.tab();
    expect(more).toHaveFocus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Calculate payroll, Approve payroll, Release payroll, View reports");
  });

  it("shows a sixth chip rather than “+1 more”", () => {
    const { container } = render(<ChipList labels={NINE.slice(0, 6)} />);
    expect(within(container).getAllByText(/./, { selector: ".ant-tag" })).toHaveLength(6);
    expect(screen.queryByTestId("chips-more")).toBeNull();
  });
});
