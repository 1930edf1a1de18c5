/** The system check page (/settings-test), as the resource list loads it. */
export { default as list } from "./SystemCheckPage";
