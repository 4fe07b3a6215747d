import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/** Every page of the spec (section 2): /test stands alone, the rest share the main layout. */
export default [
  route('test', 'routes/demo-landing.tsx'),
  layout('routes/main-layout.tsx', [
    index('routes/home.tsx'),
    route('products', 'routes/products.tsx'),
    route('products/:slug', 'routes/product-detail.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:slug', 'routes/blog-post.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('company-info', 'routes/company-info.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('account/orders', 'routes/account-orders.tsx'),
    route('account/orders/:id', 'routes/account-order-detail.tsx'),
    route('account/settings', 'routes/account-settings.tsx'),
    route('payment/return', 'routes/payment-return.tsx'),
    route('refund-policy', 'routes/refund-policy.tsx'),
    route('withdrawal', 'routes/withdrawal.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('faq', 'routes/faq.tsx'),
    route('gallery', 'routes/gallery.tsx'),
    route('order-confirmation', 'routes/order-confirmation.tsx'),
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    route('stock-alerts/confirm', 'routes/stock-alert-confirm.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
