// Pieces of the schemas connectors parse platform answers with (decision 0940): each connector
// describes what it reads, in its own folder; what many platforms spell alike sits here.
import { z } from "zod";
import type { HttpResponse } from "../../core/http-types.js";

/** A count, amount or id that platforms send as a number or as a string ("12.50", "42"). */
export const numberOrString = z.union([z.number(), z.string()]);

/**
 * An error answer in the platform's shape, or undefined when it is not JSON or not that shape:
 * classifying an error must never throw, the core's status rules then apply.
 */
export function errorBody<T>(response: HttpResponse, schema: z.ZodType<T>): T | undefined {
  let data: unknown;
  try {
    data = response.json();
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
