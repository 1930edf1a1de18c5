/**
 * The catalogues' keys as types. English is the reference: every other
 * language must have exactly its keys, or `npm run typecheck` names the key
 * ("Type '"menu.roles"' does not satisfy the constraint 'never'").
 */
import type cn from "./cn.json";
import type en from "./en.json";
import type fr from "./fr.json";
import type jp from "./jp.json";
import type tl from "./tl.json";

/** Every message's dotted path, e.g. "menu.employees" or "reset.validFor_one". */
type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** i18next picks key_one, key_other... from the key and a count: code names the key without its plural suffix. */
type WithoutPlural<K extends string> = K extends `${infer Key}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? Key : K;

/** A key the English catalogue has, as code passes it to t(). */
export type MessageKey = WithoutPlural<Paths<typeof en>>;

type Missing<Reference, Other> = Exclude<Paths<Reference>, Paths<Other>>;
type NoKeys<Keys extends never> = Keys;

/** Each pair checked both ways: a key missing from a language, and one only that language has. */
export type CataloguesAgree = [
  NoKeys<Missing<typeof en, typeof jp>>,
  NoKeys<Missing<typeof jp, typeof en>>,
  NoKeys<Missing<typeof en, typeof cn>>,
  NoKeys<Missing<typeof cn, typeof en>>,
  NoKeys<Missing<typeof en, typeof tl>>,
  NoKeys<Missing<typeof tl, typeof en>>,
  NoKeys<Missing<typeof en, typeof fr>>,
  NoKeys<Missing<typeof fr, typeof en>>,
];
