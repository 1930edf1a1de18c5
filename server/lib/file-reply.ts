/**
 * A download's 2xx reply as the API reference shows it: its bytes under each
 * content type it is sent as (never JSON), so a client generated from
 * /api/docs knows a CSV from an XLSX, and the fuzzer checks the type sent.
 */
import { z } from "zod";

const bytes = z.any().meta({ type: "string", format: "binary" });

export function fileReply(description: string, contentTypes: readonly string[]) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type.split(";")[0].trim(), { schema: bytes }])) };
}
