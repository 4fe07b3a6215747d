// Starts the platform API alone (the storefront server embeds it instead when both run in one process).
import { listen, loadConfigOrExit, prepareApp } from './runtime.ts';

const config = loadConfigOrExit();
const app = await prepareApp(config);
await listen(app, config);
