import { describe, expect, it } from 'vitest';
import { ApiError, mayRetry } from '~/lib/api/client';
import { Code } from '~/lib/api/codes';
import { InputError } from '~/lib/stores/action';

describe('whether a failed load offers 重试', () => {
  it('only for failures asking again can fix', () => {
    expect(mayRetry(new ApiError('网络连接失败', 0))).toBe(true);
    expect(mayRetry(new ApiError('服务器开小差了', Code.SERVER_ERROR))).toBe(true);
    expect(mayRetry(new ApiError('接口校验失败，请稍后重试', 502))).toBe(true);
    expect(mayRetry(new ApiError('操作太频繁', Code.RATE_LIMITED))).toBe(true);
    expect(mayRetry(new Error('timeout'))).toBe(true);
  });

  it('never for a missing record, a refusal, a login or a role: those answer the same again', () => {
    expect(mayRetry(new ApiError('资金记录不存在', Code.NOT_FOUND))).toBe(false);
    expect(mayRetry(new ApiError('订单不存在', Code.REFUSED))).toBe(false);
    expect(mayRetry(new ApiError('请先登录', Code.LOGIN))).toBe(false);
    expect(mayRetry(new ApiError('无权访问', Code.FORBIDDEN))).toBe(false);
    expect(mayRetry(new InputError('订单不存在'))).toBe(false);
  });
});
