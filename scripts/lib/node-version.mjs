// The Node the project asks for (package.json `engines`: 22.22 or later, 24 LTS preferred). On an older one the start
// scripts say so in one line, with how to get a supported one, and go on (most of the shop runs; the tools' own
// notices would say it less clearly, or not at all).
const [major, minor] = process.versions.node.split('.').map(Number);

/** Whether a Node version is one `engines` accepts: `^22.22.0 || >=24.0.0`. */
export function supportedNode(version = process.versions.node) {
  const [wantMajor, wantMinor] = version.split('.').map(Number);
  return wantMajor >= 24 || (wantMajor === 22 && wantMinor >= 22);
}

/** Prints one line when this Node is older than the project asks for. */
export function warnOnOldNode() {
  if (supportedNode()) return;
  console.warn(
    `This project needs Node 22.22 or later (24 LTS recommended); this is Node ${major}.${minor}. ` +
      'Get it with `nvm install` (the .nvmrc names it) or from https://nodejs.org/ — going on anyway.',
  );
}
