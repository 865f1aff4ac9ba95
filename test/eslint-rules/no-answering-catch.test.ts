// kitgen/no-answering-catch: a catch clause or a promise's rejection handler may clean up,
// rethrow or report, but building a response or writing a status there is the runner's.
import rule from '../../eslint-rules/no-answering-catch.js';
import { ruleTester } from './ruleTester.ts';

ruleTester.run('no-answering-catch', rule, {
  valid: [
    // Rethrowing, cleaning up and reporting.
    'try { write(); } catch (error) { res.destroy(); if (!clientWentAway(error)) throw error; }',
    'try { await handler(request); } catch (error) { log(error); throw error; }',
    'promise.catch(() => undefined);',
    'promise.then((body) => new Response(body), (error) => { throw wrap(error); });',
    // Answering outside any catch: the runner's own work, or a handler's normal answer.
    'function answer() { return Response.json({ ok: true }); }',
    'const r = new Response(body, { status: 200 });',
    'promise.then((value) => Response.json(value));',
  ],
  invalid: [
    {
      code: "try { return await run(); } catch (error) { return new Response('oops', { status: 500 }); }",
      errors: [{ messageId: 'answer' }],
    },
    {
      code: 'try { return await run(); } catch (error) { return Response.error(500, String(error)); }',
      errors: [{ messageId: 'answer' }],
    },
    {
      code: 'try { decode(); } catch (error) { return errorAnswer(error, request); }',
      errors: [{ messageId: 'answer' }],
    },
    {
      code: 'try { decode(); } catch (error) { if (error instanceof HttpError) return error.toResponse(); throw error; }',
      errors: [{ messageId: 'answer' }],
    },
    {
      code: 'try { serve(); } catch { res.statusCode = 500; res.end(\'{"error":"Internal"}\'); }',
      errors: [{ messageId: 'answer' }],
    },
    {
      code: 'read(req).catch((error) => { res.writeHead(413); res.end(); });',
      errors: [{ messageId: 'answer' }],
    },
    {
      code: 'read(req).then((body) => dispatch(body), (error) => refuse(socket, internalError()));',
      errors: [{ messageId: 'answer' }],
    },
  ],
});
