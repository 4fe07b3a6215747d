// The sandbox gateway module's public surface: the built-in 2C2P simulator's routes.
export { sandboxGatewayRoutes } from './sandbox.routes.ts';
