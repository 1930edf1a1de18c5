/** The tab's name for each signed-in page (issue 9, point 6); tests/ui/messages.test.tsx shows it is what the tab says. */
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import fr from "../../locales/fr.json";
import { findResource } from "../../src/resources";
import { ROUTES } from "../../src/routing/guards";
import { pageTitle } from "../../src/routing/PageTitle";

// The global instance: the product name in the tab comes from it.
await i18next.init({ lng: "en", resources: { en: { translation: en }, fr: { translation: fr } }, interpolation: { escapeValue: false } });

const users = { name: "users" };

describe("page titles", () => {
  it("names a resource's list by its menu label, and what the other pages do with it", () => {
    const t = i18next.getFixedT("en");
    expect(findResource("users")).toBeDefined();
    expect(pageTitle(t, { resource: users, action: "list" })).toBe("Employees · Paydesk");
    expect(pageTitle(t, { resource: users, action: "create" })).toBe("New · Employees · Paydesk");
    expect(pageTitle(t, { resource: users, action: "edit", params: { id: "11" } })).toBe("Edit #11 · Employees · Paydesk");
    expect(pageTitle(t, { resource: users, action: "show", params: { id: "11" } })).toBe("Record #11 · Employees · Paydesk");
  });

  it("names the own profile, and any other page by the product alone", () => {
    const t = i18next.getFixedT("en");
    expect(pageTitle(t, { pathname: ROUTES.profile })).toBe("My profile · Paydesk");
    expect(pageTitle(t, { pathname: "/nowhere" })).toBe("Paydesk");
  });

  it("speaks the reader's language", () => {
    const t = i18next.getFixedT("fr");
    expect(pageTitle(t, { resource: users, action: "edit", params: { id: "11" } })).toMatch(/11.*Salariés · Paydesk$/);
    expect(pageTitle(t, { pathname: ROUTES.profile })).not.toBe("My profile · Paydesk");
  });
});
