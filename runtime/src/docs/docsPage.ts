const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The docs page. Every URL in it is relative to `base` (the prefix as the browser sees it), so it
 * works behind a proxy that mounts the prefix elsewhere; `?v=` versions make the assets cacheable
 * for good. No inline script, so the page runs under a strict Content-Security-Policy.
 */
export function docsPage(title: string, base: string, version: string, initializerTag: string): string {
  const v = encodeURIComponent(version);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${base}swagger-ui.css?v=${v}">
<link rel="icon" type="image/png" href="${base}favicon-32x32.png?v=${v}" sizes="32x32">
<link rel="icon" type="image/png" href="${base}favicon-16x16.png?v=${v}" sizes="16x16">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${base}swagger-ui-bundle.js?v=${v}"></script>
<script src="${base}swagger-initializer.js?v=${encodeURIComponent(initializerTag)}"></script>
</body>
</html>
`;
}

/**
 * Starts Swagger UI on the document beside the script (`openapi.json` in the same folder),
 * without the top bar (no box to load other URLs) and without the online validator badge, which
 * would send the document to validator.swagger.io.
 */
export function initializerScript(): string {
  return `(function () {
  'use strict';
  var here = document.currentScript.src;
  window.addEventListener('load', function () {
    window.ui = SwaggerUIBundle({
      url: new URL('openapi.json', here).href,
      dom_id: '#swagger-ui',
      deepLinking: true,
      presets: [SwaggerUIBundle.presets.apis],
      layout: 'BaseLayout',
      validatorUrl: null,
    });
  });
})();
`;
}

/** The page's Content-Security-Policy: everything from this origin; Swagger UI needs inline styles and data: images. */
export const docsContentSecurityPolicy =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self' http: https:; frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'";
