import type { ReactNode } from 'react';
import type { JoinOption } from '~/lib/chat/types';
import { JOIN_NAME } from './labels';

/** 加群方式 for Public groups: the create dialog and the settings drawer offer the same three choices. */
export function JoinOptionField(props: { label: ReactNode; value: JoinOption; onChange: (v: JoinOption) => void; className: string }) {
  return (
    <label className="block">
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as JoinOption)} className={props.className}>
        {(['NeedPermission', 'FreeAccess', 'DisableApply'] as const).map((j) => (
          <option key={j} value={j}>
            {JOIN_NAME[j]}
          </option>
        ))}
      </select>
    </label>
  );
}
