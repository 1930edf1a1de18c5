export { default as list } from "./list";
