/** The notification pages, as the resource list loads them. */
export { default as list } from "./list";
export { default as show } from "./show";
