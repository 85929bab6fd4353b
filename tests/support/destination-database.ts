import { inject } from "vitest";
import { withPgClient } from "../../db/pg-clients.js";

/** A fresh database on the tests' PostgreSQL to load into, with the destination settings that reach it. */
export async function createDestinationDatabase(name: string): Promise<{ url: URL; config: Record<string, string> }> {
  await withPgClient(inject("postgresAdminUrl"), async (admin) => {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  });
  const url = new URL(inject("postgresAdminUrl"));
  url.pathname = `/${name}`;
  return { url, config: { host: `${url.hostname}:${url.port}`, username: decodeURIComponent(url.username), password: decodeURIComponent(url.password), database: name } };
}
