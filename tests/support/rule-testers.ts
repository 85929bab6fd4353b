// RuleTesters for the project's own ESLint rules (scripts/lint/), built once for every rule test.
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";

/**
 * A RuleTester with type information from `fixtures`/tsconfig.json. With CI=true typescript-eslint
 * infers a single run and keeps the first program it built, so every case after the first would be
 * checked against stale text: each case needs its own program.
 */
export function typedRuleTester(fixtures: string): RuleTester {
  return new RuleTester({
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 2022,
      sourceType: "module",
      parserOptions: { project: "./tsconfig.json", tsconfigRootDir: fixtures, disallowAutomaticSingleRunInference: true },
    },
  });
}
