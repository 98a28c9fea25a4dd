// Writes the npm package that carries the tmux-mcp binary for one platform, beside the main
// package it is an optional dependency of: name, version and repository from
// tmux-agent-mcp/package.json, `os` and `cpu` from the platform.
//
// Usage: node platform.mjs PLATFORM BINARY OUT   (PLATFORM: linux-x64, linux-arm64,
// darwin-x64 or darwin-arm64; writes OUT/tmux-agent-mcp-PLATFORM)
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [platform, binary, out] = process.argv.slice(2);
const main = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), "tmux-agent-mcp/package.json"), "utf8"),
);
const name = `${main.name}-${platform}`;
if (!(name in main.optionalDependencies)) {
  console.error(`platform.mjs: ${platform} is not one of ${Object.keys(main.optionalDependencies).join(", ")}`);
  process.exit(2);
}
const [os, cpu] = platform.split("-");
const dir = join(out, name);
mkdirSync(join(dir, "bin"), { recursive: true });
copyFileSync(binary, join(dir, "bin/tmux-mcp"));
chmodSync(join(dir, "bin/tmux-mcp"), 0o755);
const pkg = {
  name,
  version: main.version,
  description: `The tmux-mcp binary for ${platform}; install ${main.name}, which runs it.`,
  license: main.license,
  repository: main.repository,
  os: [os],
  cpu: [cpu],
  files: ["bin/tmux-mcp"],
};
writeFileSync(join(dir, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
writeFileSync(
  join(dir, "README.md"),
  `# ${name}\n\nThe \`tmux-mcp\` binary for ${platform}. Install [${main.name}](https://www.npmjs.com/package/${main.name}) instead: \`npx -y ${main.name}\`.\n`,
);
console.log(dir);
