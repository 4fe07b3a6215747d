// The returns module's public surface: the withdrawal function, customers' and staff's returns (decision 023).
export { returnsAdminRoutes, returnsRoutes } from './returns.routes.ts';
export { subscribeReturnEvents } from './returns.subscribers.ts';
