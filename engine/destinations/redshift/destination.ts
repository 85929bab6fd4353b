// Redshift speaks the PostgreSQL protocol: its driver is postgres/loader.ts in its Redshift mode (open.ts).
import { defineDestination, sqlFields } from "../entry.js";

export const destination = defineDestination({ type: "redshift", identifier: "REDSHIFT", label: "Redshift", kind: "sql", partition: "multiple", order: 40, fields: sqlFields() });
