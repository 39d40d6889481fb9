import { z } from 'zod';
import { findPackage, INVALID_PACKAGE } from '../../contract/payments/credit-packages';

export { CREDIT_PACKAGES, CURRENCY, INVALID_PACKAGE, creditsLabel, findPackage, formatCents, type CreditPackage } from '../../contract/payments/credit-packages';

/** What POST /api/credits/purchase accepts: a package named by its credits. */
export const purchaseSchema = z.object({
  credits: z.number({ error: INVALID_PACKAGE }).refine((credits) => findPackage(credits) !== undefined, INVALID_PACKAGE),
});
export type PurchaseInput = z.input<typeof purchaseSchema>;
