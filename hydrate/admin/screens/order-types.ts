/** The merchant order API's answers as the admin's screens read them (server/merchant/orders/queries.ts). */
export type OrderStatus = 'open' | 'fulfilled' | 'cancelled';

export interface OrderSummary {
  readonly id: string;
  readonly orderNumber: number;
  readonly createdOn: number;
  readonly email: string;
  readonly customerName: string;
  readonly itemCount: number;
  readonly currency: string;
  readonly grandTotalCents: number;
  readonly status: OrderStatus;
  readonly testMode: boolean;
}

export interface OrderPage {
  readonly orders: OrderSummary[];
  readonly total: number;
  readonly page: number;
  readonly hasNextPage: boolean;
}

export interface OrderDetail extends OrderSummary {
  readonly customer: {
    readonly name: string;
    readonly email: string;
    readonly shippingAddress: { address1: string; address2: string; city: string; region: string; postalCode: string; country: string } | null;
  };
  readonly lines: { productName: string; sku: string | null; attributes: Record<string, string>; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  readonly subtotalCents: number;
  readonly shippingCents: number;
  readonly taxCents: number;
  readonly discountCents: number;
  readonly fulfilledOn: number | null;
  readonly carrier: string | null;
  readonly trackingNumber: string | null;
  readonly cancelledOn: number | null;
  readonly notes: { id: string; author: string; text: string; createdOn: number }[];
}

export const STATUS_WORDS: Readonly<Record<OrderStatus, string>> = { open: 'Not fulfilled', fulfilled: 'Fulfilled', cancelled: 'Cancelled' };
