/** The leave types page, as the resource list loads it. */
export { default as list } from "./list";
