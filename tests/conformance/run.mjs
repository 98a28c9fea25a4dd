// Runs the official conformance suite's server scenarios against tmux-mcp serving HTTP.
//
// The suite's clients send no Authorization header and take no option for one, while tmux-mcp
// answers nothing without its bearer token. So this script puts a front on loopback that adds
// the token and passes everything else through as it came (method, path, every other header,
// Host and Origin included, so the suite's DNS-rebinding probes reach the server's checks), and
// streams bodies both ways untouched (SSE included). Then it runs the suite at the front's URL
// and exits with the suite's status.
//
// Usage: node run.mjs URL TOKEN [conformance server options...]
import http from "node:http";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const [url, token, ...options] = process.argv.slice(2);
const target = new URL(url);
const suite = fileURLToPath(
  new URL("node_modules/@modelcontextprotocol/conformance/dist/index.js", import.meta.url),
);

const front = http.createServer((request, response) => {
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, authorization: `Bearer ${token}` },
    },
    (answer) => {
      response.writeHead(answer.statusCode, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on("error", (e) => {
    if (!response.headersSent) response.writeHead(502);
    response.end(`front: ${e.message}`);
  });
  request.pipe(upstream);
  // A client that hangs up ends its request upstream too (a stream it closed, a cancel).
  response.on("close", () => upstream.destroy());
});

front.listen(0, "127.0.0.1", () => {
  const frontUrl = `http://127.0.0.1:${front.address().port}${target.pathname}`;
  const run = spawn(process.execPath, [suite, "server", "--url", frontUrl, ...options], {
    stdio: "inherit",
  });
  run.on("exit", (code, signal) => {
    front.close();
    front.closeAllConnections();
    process.exit(code ?? (signal ? 128 : 1));
  });
});
