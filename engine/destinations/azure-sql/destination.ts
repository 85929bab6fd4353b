import { defineDestination, sqlFields } from "../entry.js";

export const destination = defineDestination({ type: "azure_sql", identifier: "AZURE_SQL", label: "Azure SQL", kind: "sql", partition: "multiple", order: 50, fields: sqlFields() });
