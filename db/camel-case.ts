// Kysely's CamelCasePlugin converts every identifier of every query and every key of every result
// row (nested JSON objects included) character by character. The names are a few hundred column
// and key names seen over and over, so each conversion is kept once made. The maps are bounded:
// keys inside stored JSON documents are tenants' words and must not grow memory without limit.
import { CamelCasePlugin } from "kysely";

const LIMIT = 5_000;

function remembered(convert: (name: string) => string): (name: string) => string {
  const known = new Map<string, string>();
  return (name) => {
    let out = known.get(name);
    if (out === undefined) {
      out = convert(name);
      if (known.size >= LIMIT) known.clear();
      known.set(name, out);
    }
    return out;
  };
}

export class RememberingCamelCasePlugin extends CamelCasePlugin {
  readonly #camel = remembered((name) => super.camelCase(name));
  readonly #snake = remembered((name) => super.snakeCase(name));

  protected override camelCase(name: string): string {
    return this.#camel(name);
  }

  protected override snakeCase(name: string): string {
    return this.#snake(name);
  }
}
