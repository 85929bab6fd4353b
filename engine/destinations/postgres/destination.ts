import { defineDestination, sqlFields } from "../entry.js";

export const destination = defineDestination({ type: "postgres", identifier: "POSTGRES", label: "Postgres", kind: "sql", partition: "multiple", order: 30, fields: sqlFields() });
