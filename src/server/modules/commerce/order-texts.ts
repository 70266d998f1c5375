/** Every message the order flow answers with (checkout, payment, the duplicate guards). */
export const ORDER_TEXTS = {
  stock: (title: string) => `「${title}」库存不足`,
  offShelf: '商品已下架或不存在',
  oneShop: '一个订单只能包含同一店铺的商品',
  address: '请选择收货地址',
  seats: '名额已满',
  owned: '你已购买过该课程',
  free: '免费课程无需购买',
  state: '订单状态已变化，请刷新后重试',
  payPwUnset: '请先设置支付密码',
  payPwWrong: '支付密码错误',
  payPwLocked: (m: string) => `支付密码错误次数过多，请 ${m}后再试`,
  enrolled: '你已报名该班级',
  courseUnpaid: '你已下单该课程，请在订单中完成支付',
  classUnpaid: '你已报名该班级，请在订单中完成支付',
  alreadyOwned: '你已拥有该课程，无需重复支付',
  alreadyEnrolled: '你已报名该班级，无需重复支付',
} as const;
