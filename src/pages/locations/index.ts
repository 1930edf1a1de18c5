/** The work locations pages, as the resource list loads them. */
export { default as list } from "./list";
