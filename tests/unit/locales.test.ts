/**
 * The message catalogues against each other and against the code: every
 * language has English's keys (locales/keys.ts makes the typecheck say so
 * too), every key the code names is in the catalogue, keys built from known
 * lists exist for each entry, and the signed-out screens find their words in
 * the part loaded before sign-in.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES, PAY_BASES, ACCESS_LEVELS } from "../../contracts/users";
import { JOB_STATUSES } from "../../contracts/jobs";
import { OPS_BY_KIND } from "../../contracts/list";
import { PASSWORD_RULES } from "../../contracts/password";
import { PERMISSION_CATALOGUE, PERMISSIONS } from "../../contracts/permissions";
import { MESSAGE } from "../../contracts/validation";
import { STARTUP_SECTIONS } from "../../locales/sections";
import { PRESETS } from "../../src/theme/presets";

type Messages = { [key: string]: string | Messages };
const LANGUAGES = ["en", "jp", "cn", "tl", "fr"] as const;
const ROOT = path.resolve(__dirname, "../..");
const catalogue = (language: string): Messages => JSON.parse(fs.readFileSync(path.join(ROOT, "locales", `${language}.json`), "utf8"));

function keysOf(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));
}

const english = keysOf(catalogue("en"));
/** What code passes to t(): a key, or a plural key without its _one/_other suffix. */
const known = new Set([...english, ...english.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ""))]);

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(path.join(ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

/**
 * Message keys written out in code: t("..."), i18n.t("..."), request.t("...");
 * props and fields that hold a key (titleKey, labelKey, reason, refusal,
 * message, error); the server's HttpError and invalidField keys and CRUD
 * messages. Keys built at run time (`activities.actions.${action}`) are left
 * to the known-list checks below.
 */
const KEY = String.raw`([a-z]+(?:\.[\w]+)+)`;
const PATTERNS = [
  new RegExp(String.raw`(?<![\w$])t\(\s*["'\x60]${KEY}["'\x60]`, "g"),
  new RegExp(String.raw`\b(?:\w*Key|reason|refusal|message|error)\s*[:=]\s*\{?\s*["'\x60]${KEY}["'\x60]`, "g"),
  new RegExp(String.raw`HttpError\(\s*\d+\s*,\s*["'\x60]${KEY}["'\x60]`, "g"),
  new RegExp(String.raw`invalidField\([^,()]+,\s*["'\x60]${KEY}["'\x60]`, "g"),
  new RegExp(String.raw`\b(?:created|updated|deleted|archived):\s*["'\x60]${KEY}["'\x60]`, "g"),
];

function keysIn(file: string): string[] {
  const text = read(file);
  return PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]));
}

describe("message catalogues", () => {
  it.each(LANGUAGES.filter((language) => language !== "en"))("%s has exactly English's keys", (language) => {
    const keys = keysOf(catalogue(language));
    expect(english.filter((key) => !keys.includes(key)), "missing").toEqual([]);
    expect(keys.filter((key) => !english.includes(key)), "only in this language").toEqual([]);
  });

  it("has every key the code names", () => {
    const files = [...sourceFiles("src"), ...sourceFiles("server"), ...sourceFiles("contracts")];
    const named = files.flatMap((file) => keysIn(file).map((key) => ({ key, file })));
    // The patterns still find the code's keys (some 200 when written).
    expect(new Set(named.map(({ key }) => key)).size).toBeGreaterThan(150);
    expect([...new Set(named.filter(({ key }) => !known.has(key)).map(({ key, file }) => `${key} (${file})`))]).toEqual([]);
  });

  it("has a message for each entry of the lists keys are built from", () => {
    const built = [
      ...Object.values(MESSAGE),
      ...PASSWORD_RULES.flatMap((rule) => [rule.key, `password.checklist.${rule.id}`]),
      ...["weak", "medium", "strong"].map((strength) => `password.strength.${strength}`),
      ...PERMISSIONS.map((name) => `permissions.names.${name}`),
      ...PERMISSION_CATALOGUE.map((group) => `permissions.areas.${group.area}`),
      ...EMPLOYMENT_STATUSES.map((value) => `employees.statuses.${value}`),
      ...EMPLOYMENT_TYPES.map((value) => `employees.types.${value}`),
      ...PAY_BASES.map((value) => `employees.payBases.${value}`),
      ...ACCESS_LEVELS.map((level) => `accessLevel.${level}`),
      ...Object.values(OPS_BY_KIND).flatMap((ops) => ops.map((op) => `list.match.${op}`)),
      ...PRESETS.map((preset) => `theme.${preset}`),
      ...JOB_STATUSES.map((status) => `jobs.status.${status}`),
      ...["invalid", "used", "expired", "revoked"].map((reason) => `auth.resetToken.${reason}`),
    ];
    expect(built.filter((key) => !known.has(key))).toEqual([]);
  });
});

describe("the part loaded before sign-in", () => {
  const startup = (key: string) => STARTUP_SECTIONS.some((entry) => key === entry || key.startsWith(`${entry}.`));

  /** The signed-out screens and everything they import from src/. */
  function signedOutFiles(): string[] {
    const routes = read("src/routing/AppRoutes.tsx");
    const entries = [...routes.matchAll(/import\("\.\.\/(pages\/[^"]+)"\)/g)].map((match) => `src/${match[1]}.tsx`);
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const match of read(file).matchAll(/^(?:import|export) (?!type )[^;]*? from "(\.[^"]+)";/gm)) {
        const base = path.join(path.dirname(file), match[1]);
        const found = [".ts", ".tsx", "/index.ts"].map((extension) => base + extension).find((candidate) => fs.existsSync(path.join(ROOT, candidate)));
        if (found?.startsWith("src/")) visit(found);
      }
    };
    entries.forEach(visit);
    return [...seen];
  }

  it("holds every key the signed-out screens name", () => {
    const files = signedOutFiles();
    expect(files).toContain("src/pages/login/LoginPage.tsx");
    const missing = files.flatMap((file) => keysIn(file).filter((key) => !startup(key)).map((key) => `${key} (${file})`));
    expect([...new Set(missing)]).toEqual([]);
  });

  it("holds what the form kit can say there: the e-mail and new-password checks, and its fallbacks", () => {
    const said = [MESSAGE.required, MESSAGE.email, MESSAGE.characters, MESSAGE.minLength, MESSAGE.maxLength, MESSAGE.passwordsMatch, MESSAGE.invalid, MESSAGE.invalidType];
    expect([...said, ...PASSWORD_RULES.map((rule) => rule.key)].filter((key) => !startup(key))).toEqual([]);
  });
});
