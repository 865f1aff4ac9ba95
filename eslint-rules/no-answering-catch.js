// One road from a thrown error to an answer: the runner (runtime/src/routing/errorFunnel.ts)
// turns errors into responses, and errors render themselves (`toResponse()`). A `catch` elsewhere
// may clean up, rethrow or report, but not answer the client itself: within a catch clause or a
// promise's rejection handler (`.catch(fn)`, `.then(ok, fn)`), building a response (`new
// Response`, `Response.*`, `toResponse()`, the funnel's own builders) or writing a status line
// (`writeHead`, `statusCode =`) is reported. The funnel is left out by the configuration.

/** The funnel's builders of an answer, which only the funnel calls from a catch. */
const BUILDERS = new Set(['errorAnswer', 'internalError']);

/** Whether `node` lies in a catch clause's body or a promise's rejection handler. */
function inCatch(ancestors) {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i];
    if (a.type === 'CatchClause') return true;
    if (!/FunctionExpression$/.test(a.type)) continue;
    const call = ancestors[i - 1];
    if (call?.type !== 'CallExpression' || call.callee.type !== 'MemberExpression') continue;
    const method = call.callee.property.name;
    if (method === 'catch' && call.arguments[0] === a) return true;
    if (method === 'then' && call.arguments[1] === a) return true;
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Only the runner answers a thrown error: no catch builds a response or writes a status' },
    schema: [],
    messages: {
      answer:
        "A catch that answers is the runner's: throw the error (an HttpError renders itself) and let answer()/answerLater() (routing/errorFunnel.ts) answer.",
    },
  },
  create(context) {
    const report = (node) => {
      if (inCatch(context.sourceCode.getAncestors(node))) context.report({ node, messageId: 'answer' });
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'Identifier' && BUILDERS.has(callee.name)) report(node);
        else if (callee.type === 'MemberExpression' && !callee.computed) {
          const name = callee.property.name;
          if (name === 'toResponse' || name === 'writeHead') report(node);
          else if (callee.object.type === 'Identifier' && callee.object.name === 'Response') report(node);
        }
      },
      'NewExpression[callee.name="Response"]'(node) {
        report(node);
      },
      'AssignmentExpression > MemberExpression.left[property.name="statusCode"]'(node) {
        report(node);
      },
    };
  },
};
