export { default as list } from "./list";
export { default as show } from "./show";
