// ESLint rule: an action reads its form through a schema, never field by field (issue 16 "one way
// to validate", decisions 0830 and 0950). `form.get("id")` hands the action whatever a tenant
// typed (null, a file, a second value, "9007199254740993") and leaves each action to check it
// by hand; parseWithZod (or parseOrRefuse / submittedIntent in
// app/services/request-input.server.ts) turns it into typed values or conform's field errors.
//
// Reported: `.get(...)` and `.getAll(...)` on a FormData value. With type information the
// receiver's type decides (whatever the variable is called); without it, receivers named form,
// formData or body. Not reported: `navigation.formData` and `fetcher.formData`, the browser's copy
// of a submission in flight, which pages read for their pending states.

const METHODS = new Set(["get", "getAll"]);
const FORM_NAMES = new Set(["form", "formData", "body"]);

/** The receiver of a `.get(...)` / `.getAll(...)` call, through `?.`; undefined for other calls. */
function formReadReceiver(node) {
  const callee = node.callee.type === "ChainExpression" ? node.callee.expression : node.callee;
  if (callee.type !== "MemberExpression" || callee.computed || callee.property.type !== "Identifier" || !METHODS.has(callee.property.name)) return undefined;
  return { receiver: callee.object, method: callee.property.name };
}

/** A submission in flight in the browser (`navigation.formData`, `fetcher.formData`): pending UI, not input. */
function isPendingSubmission(receiver) {
  let current = receiver;
  if (current.type === "ChainExpression") current = current.expression;
  if (current.type === "TSNonNullExpression") current = current.expression;
  return current.type === "MemberExpression" && !current.computed && current.property.type === "Identifier" && current.property.name === "formData";
}

/** Whether the program types `receiver` as FormData (alone, or with null / undefined). */
function typedAsFormData(services, receiver) {
  const checker = services.program.getTypeChecker();
  const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(receiver));
  const parts = type.isUnion() ? type.types : [type];
  return parts.some((part) => (part.getSymbol() ?? part.aliasSymbol)?.getName() === "FormData");
}

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Actions parse their form with a schema (conform + zod), never with FormData.get (decision 0950)" },
    schema: [],
    messages: {
      raw: "`{{receiver}}.{{method}}(...)` reads a form field unchecked: parse the form with a zod schema through conform (parseWithZod, or parseOrRefuse / submittedIntent from app/services/request-input.server.ts) (decision 0950).",
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const typed = Boolean(services?.program && services.esTreeNodeToTSNodeMap);
    return {
      CallExpression(node) {
        const read = formReadReceiver(node);
        if (!read || isPendingSubmission(read.receiver)) return;
        const isForm = typed ? typedAsFormData(services, read.receiver) : read.receiver.type === "Identifier" && FORM_NAMES.has(read.receiver.name);
        if (!isForm) return;
        context.report({ node, messageId: "raw", data: { receiver: context.sourceCode.getText(read.receiver), method: read.method } });
      },
    };
  },
};
