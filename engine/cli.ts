// Ops and developer CLI: npm run engine -- <command>. Reads real platforms when given a
// credential, which makes it the quickest way to check a connector against the live API.
import { readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { getPlatform, listPlatforms } from "./catalogue/index.js";
import { getConnector, registry } from "./connectors/registry.js";
import { appCredentialsFromEnv } from "./core/app-credentials.js";
import { createConnectorContext } from "./core/context.js";
import { credentialMethods, parseCredential } from "./core/credentials.js";
import { isDatePreset } from "./core/dates.js";
import { EngineError, InvalidRequestError } from "./core/errors.js";
import { consoleLogger, silentLogger } from "./core/logger.js";
import { FILTER_TYPES, type ConnectorContext, type Credential, type Filter, type FilterType } from "./core/types.js";
import type { QueryDate } from "./query/definition.js";
import { executeQuery } from "./query/execute.js";
import { getFormat } from "./query/formats/index.js";

export interface CliIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  env: Record<string, string | undefined>;
}

const USAGE = `Usage: npm run engine -- <command> [options]

Commands:
  platforms [--category ADS] [--implemented]      list the catalogue
  reports <platform>                              list a platform's reports
  fields <platform> [--report r]                  list a platform's fields
  check <platform> --credentials <file.json|env>  check a credential
  accounts <platform> --credentials <file|env>    list the accounts a credential sees
  coverage [--check]                              write docs/connector-coverage.md (--check: fail if stale)
  read <platform> --credentials <file|env> --fields f1,f2
       [--accounts a,b] [--date LAST_7_DAYS | --start YYYY-MM-DD --end YYYY-MM-DD | --since YYYY-MM-DD]
       [--report r] [--granularity day|hour] [--filter field:type:value]... [--format csv|json]

Credentials: a JSON file holding a credential ({"type":"api-key","key":"..."}, {"type":"oauth2",...},
{"type":"oauth1",...}), or "env" to read the same JSON from ENGINE_CREDENTIALS. The product's OAuth
app comes from <PLATFORM>_CLIENT_ID, <PLATFORM>_CLIENT_SECRET and other <PLATFORM>_* variables.
Options: --base-url <url> points a connector at a fake; --verbose logs requests (redacted) to stderr.`;

function table(rows: Record<string, string>[], columns: string[]): string {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? "").length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join("  ").trimEnd();
  return [line(columns), line(widths.map((w) => "-".repeat(w))), ...rows.map((r) => line(columns.map((c) => r[c] ?? "")))].join("\n") + "\n";
}

function list(value: string | undefined): string[] {
  return (value ?? "").split(",").map((s) => s.trim()).filter(Boolean);
}

function parseFilter(text: string): Filter {
  const [field, type, ...rest] = text.split(":");
  if (!field || !(FILTER_TYPES as readonly string[]).includes(type)) {
    throw new InvalidRequestError(`Bad --filter "${text}": use field:type:value with type one of ${FILTER_TYPES.join(", ")}.`);
  }
  return { field, type: type as FilterType, value: rest.length > 0 ? rest.join(":") : undefined };
}

async function loadCredential(source: string | undefined, platform: string, io: CliIo): Promise<{ credential: Credential; file?: string }> {
  if (!source) throw new InvalidRequestError("--credentials <file.json|env> is required for this command.");
  const text = source === "env" ? io.env.ENGINE_CREDENTIALS : await readFile(source, "utf8");
  if (!text) throw new InvalidRequestError("ENGINE_CREDENTIALS is empty.");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InvalidRequestError(`The credentials in ${source === "env" ? "ENGINE_CREDENTIALS" : source} are not valid JSON.`);
  }
  const method = credentialMethods({ authMethod: getPlatform(platform).authMethod, alsoAccepts: getConnector(platform).alsoAccepts });
  return { credential: parseCredential(json, { platform, method }), file: source === "env" ? undefined : source };
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      credentials: { type: "string" },
      accounts: { type: "string" },
      fields: { type: "string" },
      date: { type: "string" },
      start: { type: "string" },
      end: { type: "string" },
      since: { type: "string" },
      report: { type: "string" },
      granularity: { type: "string" },
      filter: { type: "string", multiple: true },
      format: { type: "string", default: "csv" },
      category: { type: "string" },
      implemented: { type: "boolean" },
      "base-url": { type: "string" },
      verbose: { type: "boolean" },
      check: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, platformId] = positionals;
  if (!command || values.help) {
    io.stdout.write(USAGE + "\n");
    return command || values.help ? 0 : 2;
  }
  const needPlatform = () => {
    if (!platformId) throw new InvalidRequestError(`"${command}" needs a platform, e.g. npm run engine -- ${command} demo`);
    return platformId;
  };

  const contextFor = async (): Promise<ConnectorContext> => {
    const platform = needPlatform();
    const connector = getConnector(platform);
    const { credential, file } = await loadCredential(values.credentials, platform, io);
    return createConnectorContext(connector, {
      credential,
      app: appCredentialsFromEnv(connector.id, io.env),
      baseUrl: values["base-url"],
      log: values.verbose ? consoleLogger("debug") : silentLogger,
      onCredentialRefreshed: async (next) => {
        // Keep the file usable for the next run: the old access token is now expired.
        if (file) await writeFile(file, JSON.stringify(next, null, 2) + "\n", { mode: 0o600 });
        io.stderr.write(`Token refreshed${file ? ` and saved to ${file}` : ""}.\n`);
      },
    });
  };

  switch (command) {
    case "platforms": {
      const rows = listPlatforms()
        .filter((p) => !values.category || p.category === values.category.toUpperCase())
        .filter((p) => !values.implemented || p.implemented)
        .map((p) => ({
          id: p.id,
          name: p.displayName,
          auth: p.authMethod,
          category: p.category,
          flag: p.flag ?? "",
          alerts: p.alertsActive ? "yes" : "",
          status: p.implemented ? "implemented" : "coming soon",
        }));
      io.stdout.write(table(rows, ["id", "name", "auth", "category", "flag", "alerts", "status"]));
      return 0;
    }
    case "reports": {
      const reports = await getConnector(needPlatform()).listReports();
      io.stdout.write(table(reports.map((r) => ({ id: r.id, name: r.name, description: r.description })), ["id", "name", "description"]));
      return 0;
    }
    case "fields": {
      const fields = await getConnector(needPlatform()).listFields(undefined, { report: values.report });
      io.stdout.write(
        table(
          fields.map((f) => ({ id: f.id, type: f.type, fieldType: f.fieldType, aggregation: f.aggregation, name: f.name })),
          ["id", "type", "fieldType", "aggregation", "name"],
        ),
      );
      return 0;
    }
    case "check": {
      const ctx = await contextFor();
      const result = await getConnector(needPlatform()).check(ctx);
      io.stdout.write(`OK${result.identity ? `: ${result.identity}` : ""}\n`);
      return 0;
    }
    case "accounts": {
      const ctx = await contextFor();
      const accounts = await getConnector(needPlatform()).listAccounts(ctx);
      io.stdout.write(
        table(
          accounts.map((a) => ({ id: a.id, name: a.name, timezone: a.timezone, currency: a.currency, status: a.status ?? "" })),
          ["id", "name", "timezone", "currency", "status"],
        ),
      );
      return 0;
    }
    case "read": {
      const platform = needPlatform();
      const connector = getConnector(platform);
      const format = getFormat(values.format ?? "csv");
      const ctx = await contextFor();
      const wanted = list(values.fields);
      if (wanted.length === 0) throw new InvalidRequestError("--fields f1,f2 is required (see: npm run engine -- fields <platform>).");
      const declared = await connector.listFields(ctx, { report: values.report });
      const kind = new Map(declared.map((f) => [f.id, f.type]));
      const accounts = await connector.listAccounts(ctx);
      const accountIds = list(values.accounts);
      const missing = accountIds.filter((id) => !accounts.some((a) => a.id === id));
      if (missing.length > 0) throw new InvalidRequestError(`Unknown account ${missing.join(", ")}: see npm run engine -- accounts ${platform}.`);
      const chosen = accountIds.length > 0 ? accounts.filter((a) => accountIds.includes(a.id)) : accounts;
      let date: QueryDate;
      if (values.start || values.end) date = { start: values.start ?? "", end: values.end ?? "" };
      else if (values.since) date = { preset: "SINCE", since: values.since };
      else {
        const preset = values.date ?? "LAST_7_DAYS";
        if (!isDatePreset(preset)) throw new InvalidRequestError(`Unknown --date ${preset}.`);
        date = { preset };
      }
      if (values.granularity && values.granularity !== "day" && values.granularity !== "hour") {
        throw new InvalidRequestError("--granularity is day or hour.");
      }
      const result = await executeQuery(
        registry,
        {
          platform,
          accounts: chosen,
          // Unknown ids go to dimensions so executeQuery names them in its UnknownFieldError.
          dimensions: wanted.filter((f) => kind.get(f) !== "metric"),
          metrics: wanted.filter((f) => kind.get(f) === "metric"),
          date,
          granularity: values.granularity as "day" | "hour" | undefined,
          filters: (values.filter ?? []).map(parseFilter),
          options: values.report ? { report: values.report } : {},
        },
        () => ctx,
      );
      const decoder = new TextDecoder();
      for await (const chunk of format.write(result.columns, result.rows)) io.stdout.write(decoder.decode(chunk, { stream: true }));
      if (format.id === "json") io.stdout.write("\n");
      return 0;
    }
    case "coverage": {
      const { COVERAGE_FILE, generateCoverage, repoRoot } = await import("./coverage.js");
      const path = `${repoRoot}/${COVERAGE_FILE}`;
      const text = await generateCoverage();
      if (values.check) {
        const current = await readFile(path, "utf8").catch(() => "");
        if (current === text) return 0;
        io.stderr.write(`${COVERAGE_FILE} is stale: run npm run engine -- coverage\n`);
        return 1;
      }
      await writeFile(path, text);
      io.stdout.write(`Wrote ${COVERAGE_FILE}.\n`);
      return 0;
    }
    default:
      io.stderr.write(`Unknown command "${command}".\n\n${USAGE}\n`);
      return 2;
  }
}

async function main(): Promise<void> {
  const io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env };
  try {
    process.exitCode = await runCli(process.argv.slice(2), io);
  } catch (error) {
    // Engine errors carry messages meant for people; anything else is a bug worth a stack.
    if (error instanceof EngineError) io.stderr.write(`${error.name}: ${error.message}\n`);
    else if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) io.stderr.write(`${error.message}\n\n${USAGE}\n`);
    else io.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
