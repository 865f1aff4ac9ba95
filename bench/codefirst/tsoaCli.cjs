// `tsoa` as its bin runs it. The bin starts only when it is the main module, and child.mjs imports
// the tool it measures, so this does what the bin's main block does.
Promise.resolve()
  .then(() => require('@tsoa/cli').runCLI())
  .catch((err) => {
    console.error('tsoa cli error:\n', err);
    process.exit(1);
  });
