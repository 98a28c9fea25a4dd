// Writes the npm package that carries the binaries for one platform (tmux-mcp, and
// tmux-agent-mcp, which runs `setup`), an optional dependency of the main package: name,
// version and repository from tmux-agent-mcp/package.json, `os` and `cpu` from the platform.
//
// Usage: node platform.mjs PLATFORM BIN_DIR OUT   (PLATFORM: linux-x64, linux-arm64,
// darwin-x64 or darwin-arm64; BIN_DIR holds both binaries; writes OUT/tmux-agent-mcp-PLATFORM)
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [platform, binDir, out] = process.argv.slice(2);
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
const binaries = ["tmux-mcp", "tmux-agent-mcp"];
for (const binary of binaries) {
  copyFileSync(join(binDir, binary), join(dir, "bin", binary));
  chmodSync(join(dir, "bin", binary), 0o755);
}
const pkg = {
  name,
  version: main.version,
  description: `The tmux-mcp binaries for ${platform}; install ${main.name}, which runs them.`,
  license: main.license,
  repository: main.repository,
  os: [os],
  cpu: [cpu],
  files: binaries.map((b) => `bin/${b}`),
};
writeFileSync(join(dir, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
writeFileSync(
  join(dir, "README.md"),
  `# ${name}\n\nThe \`tmux-mcp\` binaries for ${platform}. Install [${main.name}](https://www.npmjs.com/package/${main.name}) instead: \`npx -y ${main.name}\`.\n`,
);
console.log(dir);
