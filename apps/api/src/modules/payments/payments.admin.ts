// The administration of payments: the shop's payment settings (the owner's), and the payments of an order.
import { formatMinor } from '@platform/contracts';
import type { AdminPayment, AdminPaymentSettings, AdminPaymentSettingsBody } from '@platform/contracts/admin';
import { type RequestContext, requirePermission, requireStaff } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import { loadPaymentConfig, type PaymentConfig } from './payments.config.ts';
import { listOrderPaymentRows, upsertPaymentSettings } from './payments.repository.ts';
import { TEST_GATEWAY_OFF } from './payments.service.ts';

function settingsAnswer(config: PaymentConfig): AdminPaymentSettings {
  return {
    enable_card_payment: config.enableCardPayment,
    enable_bank_transfer: config.enableBankTransfer,
    enable_custom_payment: config.enableCustomPayment,
    bank_account_details: config.bankAccountDetails,
    custom_payment_label: config.customPaymentLabel,
    custom_payment_instructions: config.customPaymentInstructions,
    custom_payment_redirect_url: config.customPaymentRedirectUrl,
    card_gateway: config.cardGateway,
    card_environment: config.cardEnvironment,
    card_merchant_id: config.cardMerchantId,
    card_secret_key_set: config.cardSecretKey !== '',
    bank_transfer_timeout_minutes: config.bankTransferTimeoutMinutes,
    custom_payment_timeout_minutes: config.customPaymentTimeoutMinutes,
    max_unpaid_orders: config.maxUnpaidOrders,
    max_units_per_product: config.maxUnitsPerProduct,
  };
}

/** `GET /admin/payment-settings/` (owner): the settings, the secret key only as whether it is set. */
export async function getPaymentSettings(ctx: RequestContext): Promise<AdminPaymentSettings> {
  requirePermission(ctx, 'manage_settings');
  return settingsAnswer(await loadPaymentConfig(ctx));
}

/**
 * `PATCH /admin/payment-settings/` (owner): changes the given fields (the secret key write-only), audited; the times
 * to pay and the order limits apply to orders placed from then on.
 */
export async function updatePaymentSettings(
  ctx: RequestContext,
  body: AdminPaymentSettingsBody,
): Promise<AdminPaymentSettings> {
  requirePermission(ctx, 'manage_settings');
  return inTransaction(ctx, async (tx) => {
    const current = await loadPaymentConfig(tx);
    const before = settingsAnswer(current);
    // Cards switched on through the built-in test gateway only where the server allows it (never a public shop).
    const testGateway = (body.card_gateway ?? current.cardGateway) === 'sandbox';
    const cardsOn = body.enable_card_payment ?? current.enableCardPayment;
    const choosing = body.card_gateway === 'sandbox' || body.enable_card_payment === true;
    if (testGateway && cardsOn && choosing && !ctx.deps.config.SANDBOX_GATEWAY_ENABLED) {
      throw new ValidationError({ card_gateway: [TEST_GATEWAY_OFF] });
    }
    const row = await upsertPaymentSettings(tx.scope, {
      enableCardPayment: body.enable_card_payment,
      enableBankTransfer: body.enable_bank_transfer,
      enableCustomPayment: body.enable_custom_payment,
      bankAccountDetails: body.bank_account_details,
      customPaymentLabel: body.custom_payment_label,
      customPaymentInstructions: body.custom_payment_instructions,
      customPaymentRedirectUrl: body.custom_payment_redirect_url,
      cardGateway: body.card_gateway,
      cardEnvironment: body.card_environment,
      cardMerchantId: body.card_merchant_id,
      cardSecretKey: body.card_secret_key,
      bankTransferTimeoutMinutes: body.bank_transfer_timeout_minutes,
      customPaymentTimeoutMinutes: body.custom_payment_timeout_minutes,
      maxUnpaidOrders: body.max_unpaid_orders,
      maxUnitsPerProduct: body.max_units_per_product,
    });
    const after = settingsAnswer(row);
    const changed = (Object.keys(after) as (keyof AdminPaymentSettings)[]).filter((key) => before[key] !== after[key]);
    await recordAudit(tx, {
      action: 'payment_settings.update',
      entity: 'payment_settings',
      entityId: '',
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: {
        ...Object.fromEntries(changed.map((key) => [key, after[key]])),
        ...(body.card_secret_key ? { card_secret_key: '(changed)' } : {}),
      },
    });
    return after;
  });
}

/** The card payment attempts of an order, for staff: statuses, gateway references, anything flagged. */
export async function listOrderPayments(ctx: RequestContext, orderId: number): Promise<AdminPayment[]> {
  requireStaff(ctx);
  const rows = await listOrderPaymentRows(ctx.scope, orderId);
  return rows.map((row) => ({
    uuid: row.uuid,
    status: row.status,
    gateway: row.gateway,
    invoice_no: row.invoiceNo,
    amount: formatMinor(row.amountCents),
    currency: row.currency,
    gateway_transaction_ref: row.gatewayTransactionRef,
    resp_code: row.respCode,
    error_message: row.errorMessage,
    review_reason: row.reviewReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}
