// ESLint rule: a platform's answer is read through a schema (decision 0940). `.json<T>()` and
// `.json() as T` only tell the compiler what the platform will send; nothing checks it, so a
// surprise surfaces as a TypeError deep in a record or as quietly wrong rows. Passing a parser to
// ctx.http.json(req, parser) or response.json(parser) turns it into the client's system error
// naming the platform, with a redacted excerpt.
//
// Reported, on `.json(...)` calls whatever their receiver:
// - type arguments: `ctx.http.json<Body>(req)`;
// - assertions of the result: `(await ctx.http.json(req)) as Body`, `<Body>res.json()`;
// - with type information, a call that leaves out its `parser` parameter yet is typed as something
//   other than unknown (`const body: Body = await ctx.http.json(req)`: the type argument inferred
//   from the annotation is the same unchecked cast).

/** The `.json(...)` call an expression is, through await, `?.` and `!`; undefined otherwise. */
function jsonCall(node) {
  let current = node;
  for (;;) {
    if (current.type === "AwaitExpression") current = current.argument;
    else if (current.type === "ChainExpression") current = current.expression;
    else if (current.type === "TSNonNullExpression") current = current.expression;
    else break;
  }
  return isJsonCall(current) ? current : undefined;
}

/** Whether an assertion takes this call's result, through await, `?.` and `!`. */
function castOperand(node) {
  let parent = node.parent;
  while (parent && (parent.type === "AwaitExpression" || parent.type === "ChainExpression" || parent.type === "TSNonNullExpression")) parent = parent.parent;
  return parent?.type === "TSAsExpression" || parent?.type === "TSTypeAssertion";
}

function isJsonCall(node) {
  return node.type === "CallExpression" && node.callee.type === "MemberExpression" && !node.callee.computed && node.callee.property.type === "Identifier" && node.callee.property.name === "json";
}

/** The index of the signature's `parser` parameter and the call's type, when the program knows them. */
function parserSlot(services, node) {
  if (!services?.program || !services.esTreeNodeToTSNodeMap) return undefined;
  const checker = services.program.getTypeChecker();
  const signature = checker.getResolvedSignature(services.esTreeNodeToTSNodeMap.get(node));
  if (!signature) return undefined;
  const index = signature.getParameters().findIndex((p) => p.getName() === "parser");
  if (index < 0) return undefined;
  return { index, type: checker.typeToString(signature.getReturnType()) };
}

const UNCHECKED = new Set(["unknown", "Promise<unknown>"]);

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Platform answers are parsed by a schema, never cast (decision 0940)" },
    schema: [],
    messages: {
      typeArguments: "`.json<...>()` checks nothing: pass a schema instead, e.g. ctx.http.json(req, schema) or response.json(schema) (decision 0940).",
      cast: "Casting what `.json()` answers checks nothing: pass a schema instead, e.g. ctx.http.json(req, schema) or response.json(schema) (decision 0940).",
      inferred: "This `.json()` call has no parser yet is typed {{type}} from its context, an unchecked cast: pass a schema as its parser (decision 0940).",
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    return {
      CallExpression(node) {
        if (!isJsonCall(node)) return;
        if (node.typeArguments ?? node.typeParameters) {
          context.report({ node: node.typeArguments ?? node.typeParameters, messageId: "typeArguments" });
          return;
        }
        // A cast of the result is reported once, as a cast (the assertion is what types the call).
        if (castOperand(node)) return;
        const slot = parserSlot(services, node);
        if (slot && node.arguments.length <= slot.index && !UNCHECKED.has(slot.type)) {
          context.report({ node, messageId: "inferred", data: { type: slot.type } });
        }
      },
      "TSAsExpression, TSTypeAssertion"(node) {
        if (jsonCall(node.expression)) context.report({ node, messageId: "cast" });
      },
    };
  },
};
