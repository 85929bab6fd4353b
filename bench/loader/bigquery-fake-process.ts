// Child process of bench/loader/bigquery.ts: tests/fakes/bigquery on its own process, so the
// parent measures the loader alone. Answers {count: table} with the stored row count.
import { startFakeBigQuery } from "../../tests/fakes/bigquery/server.js";
async function main() {
  const fake = await startFakeBigQuery();
  const jsonKey = fake.createServiceAccount({ projectId: "p" });
  fake.createDataset("p", "d");
  process.send!({ url: fake.url, tokenUrl: fake.tokenUrl, jsonKey });
  process.on("message", (m: { count?: string }) => { if (m.count) process.send!({ rows: fake.table("p", "d", m.count)?.rows.length }); });
}
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
