/**
 * jsdom finds a label's control (`label.control`, and through it
 * `element.labels`, which Testing Library's ByLabelText queries and every
 * accessible-name computation read) by walking the whole document for the id
 * in `for`, once per label: quadratic in the size of the page, a few seconds
 * of the UI suite on the employee form. In a document this asks jsdom's own
 * id index instead (what `document.getElementById` answers: the first element
 * with that id), so every answer stays the same.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const DOCUMENT_NODE = 9;

interface NodeImpl {
  nodeType: number;
  hasAttributeNS(namespace: null, name: string): boolean;
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): NodeImpl & { getElementById?(id: string): NodeImpl | null };
}

export function findLabelControlsById(): void {
  const label = require("jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js").implementation.prototype as { indexedControl?: true };
  const { isLabelable } = require("jsdom/lib/jsdom/living/helpers/form-controls.js") as { isLabelable(node: NodeImpl): boolean };
  if (label.indexedControl) return;
  const walkForControl = Object.getOwnPropertyDescriptor(label, "control")!.get!;
  Object.defineProperty(label, "control", {
    configurable: true,
    get(this: NodeImpl) {
      const root = this.getRootNode({});
      if (!this.hasAttributeNS(null, "for") || root.nodeType !== DOCUMENT_NODE) return walkForControl.call(this);
      const id = this.getAttributeNS(null, "for");
      const control = id ? root.getElementById!(id) : null;
      return control && isLabelable(control) ? control : null;
    },
  });
  label.indexedControl = true;
}
