/**
 * antd's CSS-in-JS, made cheap for jsdom. antd writes its styles into <style>
 * elements in the head as components first render; two things jsdom does with
 * them cost a third of the UI suite's time, and neither changes what a test sees.
 *
 * 1. jsdom works out an element's computed style by matching it against every
 * rule in the document, again after each change to the page; Testing Library
 * asks for it on every element and ancestor a role query looks at, and
 * user-event on every click. antd injects thousands of rules that only paint
 * (colours, spacing, shadows), which made that matching a quarter of the UI
 * suite's time. This keeps, in antd's injected style sheets, only the rules
 * that decide what tests can observe: whether something is shown, can be
 * seen, or can be clicked.
 *
 * 2. Before each write, antd lists the head's children (`Array.from(head.children)`).
 * jsdom's live HTMLCollection looks `length` up as a possible element name,
 * walking every child, at each step: quadratic in the number of style elements.
 */
import { createRequire } from "node:module";
import { createCache } from "@ant-design/cssinjs";

const require = createRequire(import.meta.url);

const OBSERVABLE = new Set(["display", "visibility", "opacity", "pointer-events", "content"]);

/** Keeps only the declarations tests can observe; says whether any remain. */
function keepObservableDeclarations(style: CSSStyleDeclaration): boolean {
  for (let i = style.length - 1; i >= 0; i--) {
    const property = style.item(i);
    if (!OBSERVABLE.has(property)) style.removeProperty(property);
  }
  return style.length > 0;
}

/** Removes the rules of a sheet (or of a grouping rule such as @media) that only paint; says whether any remain. */
function prune(list: CSSRuleList, remove: (index: number) => void): boolean {
  for (let i = list.length - 1; i >= 0; i--) {
    const rule = list[i];
    const keep =
      rule instanceof CSSStyleRule
        ? keepObservableDeclarations(rule.style)
        : rule instanceof CSSMediaRule
          ? prune(rule.cssRules, (index) => rule.deleteRule(index))
          : false;
    if (!keep) remove(i);
  }
  return list.length > 0;
}

/** antd's style elements: rc-util marks each with data-rc-order; the app's own CSS stays whole. */
const isInjectedStyle = (node: Node): node is HTMLStyleElement => node instanceof HTMLStyleElement && node.hasAttribute("data-rc-order");

/** Prunes each antd style sheet as it is added or rewritten (a microtask later, before the next await of a test). */
export function keepOnlyObservableStyleRules(): void {
  // The setup file runs before each test file in the worker's one window (isolate: false): one observer is enough.
  const head = document.head as HTMLHeadElement & { prunedByObserver?: true };
  if (head.prunedByObserver) return;
  head.prunedByObserver = true;
  const pruned = new WeakSet<CSSStyleSheet>();
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of [record.target, ...record.addedNodes]) {
        const sheet = isInjectedStyle(node) ? node.sheet : null;
        if (!sheet || pruned.has(sheet)) continue;
        prune(sheet.cssRules, (index) => sheet.deleteRule(index));
        pruned.add(sheet);
      }
    }
  }).observe(document.head, { childList: true, subtree: true });
}

/** The head's children as a plain list, walked once (see 2 above); the head is the only container antd writes to here. */
export function listHeadChildrenCheaply(): void {
  Object.defineProperty(document.head, "children", {
    configurable: true,
    get(this: HTMLHeadElement) {
      const children: Element[] = [];
      for (let child = this.firstElementChild; child; child = child.nextElementSibling) children.push(child);
      return children;
    },
  });
}

/**
 * antd builds each component's styles (a token pass, then CSS-in-JS to text)
 * when the first instance of it mounts, and forgets them when the last one
 * unmounts. Every test unmounts the whole app, so every test paid for building
 * all its styles again, about a tenth of the UI suite. This keeps what was
 * built for the worker's life; the style elements in the page were never
 * removed (antd leaves them unless told to clear), so nothing a test sees changes.
 */
export function keepBuiltStylesBetweenTests(): void {
  // Every cache is an instance of cssinjs' one cache class: reach it through the public createCache.
  const cacheClass = Object.getPrototypeOf(createCache()) as { opUpdate(key: string, next: (previous?: CacheEntry) => CacheEntry | null): void; kept?: true };
  if (cacheClass.kept) return;
  const opUpdate = cacheClass.opUpdate;
  cacheClass.opUpdate = function (this: { cache: Map<string, CacheEntry> }, key, next) {
    const previous = this.cache.get(key);
    // No one uses the entry any more: keep its value with no users instead of dropping it.
    opUpdate.call(this, key, (entry) => next(entry) ?? (previous ? [0, previous[1]] : null));
  };
  cacheClass.kept = true;
}

/** cssinjs' cache entry: how many mounted components use it, and the value built. */
type CacheEntry = [number, unknown];

interface StyleOptions {
  csp?: { nonce?: string };
}
type UpdateCSS = (css: string, key: string, options?: StyleOptions) => HTMLStyleElement;

/**
 * cssinjs hands each of a component's styles to rc-util's updateCSS every time an
 * instance mounts (every button, every table cell's tooltip): it looks the style
 * element up among the head's, serialises it (innerHTML) to compare, and gives
 * it back unchanged. That was a twentieth of the UI suite. The same style asked
 * for again, still in the page with the same text, is given back at once;
 * anything else goes through updateCSS as before.
 */
export function injectEachStyleOnce(): void {
  const cssinjs = createRequire(require.resolve("@ant-design/cssinjs"));
  const dynamicCSS = cssinjs("rc-util/lib/Dom/dynamicCSS") as { updateCSS: UpdateCSS & { once?: true } };
  if (dynamicCSS.updateCSS.once) return;
  const updateCSS = dynamicCSS.updateCSS;
  const injected = new Map<string, { css: string; nonce?: string; node: HTMLStyleElement }>();
  dynamicCSS.updateCSS = Object.assign(
    (css: string, key: string, options?: StyleOptions) => {
      const nonce = options?.csp?.nonce;
      const known = injected.get(key);
      if (known && known.css === css && known.nonce === nonce && known.node.isConnected) return known.node;
      const node = updateCSS(css, key, options);
      injected.set(key, { css, nonce, node });
      return node;
    },
    { once: true as const },
  );
}
