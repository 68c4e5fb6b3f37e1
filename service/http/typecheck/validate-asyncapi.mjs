// Validates an AsyncAPI document with the reference parser: prints each diagnostic
// (severity 0 is an error) as a JSON line and exits 1 when any is an error.
import { readFileSync } from "node:fs";
import { Parser } from "@asyncapi/parser";

const parser = new Parser();
const { document, diagnostics } = await parser.parse(readFileSync(process.argv[2], "utf8"));
for (const diagnostic of diagnostics) {
  console.log(JSON.stringify({ severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.message, path: diagnostic.path }));
}
const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 0);
console.log(JSON.stringify({ parsed: document !== undefined, errors: errors.length, channels: document ? document.channels().all().map((channel) => channel.address()) : [] }));
process.exit(errors.length || document === undefined ? 1 : 0);
