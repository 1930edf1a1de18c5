import { pathToFileURL } from "node:url";
import type { AppContext } from "../context";
import type { JobKind } from "./kind";

/** A module named in JOB_MODULES: its default export gives the job kinds it adds. */
type JobModule = { default: (ctx: AppContext) => JobKind[] };

/** The job kinds of the modules configured by path (JOB_MODULES), in order. */
export async function loadJobKinds(files: readonly string[], ctx: AppContext): Promise<JobKind[]> {
  const kinds: JobKind[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as JobModule;
    kinds.push(...module.default(ctx));
  }
  return kinds;
}
