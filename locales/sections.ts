import fs from "node:fs";
import type { Plugin } from "vite";

/**
 * The message catalogue is one file per language (the server reads it whole).
 * The browser gets it in two parts: the sections (or single messages) the
 * signed-out screens need, loaded for every language before the first
 * render, and the rest, loaded with the signed-in shell and merged in. Mail
 * texts are the server's alone.
 */
export const STARTUP_SECTIONS = [
  "app",
  "validation.required",
  "validation.email",
  "validation.minLength",
  "validation.maxLength",
  "validation.passwordsMatch",
  "validation.invalid",
  // The form kit's other words for the e-mail and password checks of the signed-out forms.
  "validation.invalidType",
  "validation.characters",
  "password",
  "auth",
  "errors",
  "toast",
  "login",
  "footer",
  "register",
  "forgot",
  "reset",
  "unauthorized",
  "connectionError",
  "notFound",
  "header.language",
  "header.darkMode",
] as const;

/** Worded by the server alone (e-mails, payslip PDFs): the browser never loads them. */
const SERVER_ONLY_SECTIONS = ["mail", "payslipPdf"];

/** `import startup from "locales/en.json?startup"` and `"...?signed-in"`: each part as its own module. */
export function localeSections(): Plugin {
  const pattern = /[\\/]locales[\\/](\w+)\.json\?(startup|signed-in)$/;
  return {
    name: "paydesk-locale-sections",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!pattern.test(source)) return null;
      const [file, part] = source.split("?");
      const resolved = await this.resolve(file, importer, { skipSelf: true });
      return resolved ? `${resolved.id}?${part}` : null;
    },
    load(id) {
      const match = pattern.exec(id);
      if (!match) return null;
      const file = id.split("?")[0];
      this.addWatchFile(file);
      const catalogue = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
      const startup = match[2] === "startup";
      // An entry is a whole section ("login") or one message of it ("validation.required").
      const chosen = (section: string, key?: string) =>
        (STARTUP_SECTIONS as readonly string[]).includes(section) || (key !== undefined && (STARTUP_SECTIONS as readonly string[]).includes(`${section}.${key}`));
      const part: Record<string, unknown> = {};
      for (const [section, messages] of Object.entries(catalogue)) {
        if (SERVER_ONLY_SECTIONS.includes(section)) continue;
        if (typeof messages !== "object" || messages === null || chosen(section)) {
          if (chosen(section) === startup) part[section] = messages;
          continue;
        }
        const picked = Object.fromEntries(Object.entries(messages).filter(([key]) => chosen(section, key) === startup));
        if (Object.keys(picked).length > 0) part[section] = picked;
      }
      return `export default ${JSON.stringify(part)};`;
    },
  };
}
