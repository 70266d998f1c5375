/* Cart limits, shared by the contract (server) and the cart store (browser). */

/** Lines one member's cart may hold. */
export const MAX_CART_LINES = 100;
/** Items of one SKU in one line (and in one order line). */
export const MAX_LINE_NUM = 99;

export const CART_TEXTS = {
  added: '已加入购物车',
  removed: '已删除',
  pickToRemove: '请选择要删除的商品',
  pickToPay: '请选择要结算的商品',
  oneShop: '不同店铺的商品请分开结算',
} as const;

/** The most a line may be set to: the stock, at most MAX_LINE_NUM (0 when sold out). */
export const lineMax = (stock: number): number => Math.min(MAX_LINE_NUM, stock);
