import { useState, type ReactNode } from 'react';
import type { StaffRole } from '~/lib/rules/staff';
import { tabsFor, type ConsoleTab } from '~/lib/stores/duan';
import { StatusTabs } from '../../ui/Tabs';
import { Empty } from '../../ui/states';
import { DuanRequirementsTab } from './DuanRequirementsTab';
import { ExaminersTab } from './ExaminersTab';
import { CertificatesTab } from './CertificatesTab';

/*
 * /admin/duan: the console's 段位 page. Its tabs are this one list: a tab is a key, a label, the
 * staff roles that see it and what it renders — adding a tab is one entry here (and its import).
 */
const TABS = [
  { key: 'requirements', label: '段位要求', roles: ['content'], render: () => <DuanRequirementsTab /> },
  { key: 'examiners', label: '考评员', roles: ['reviewer'], render: () => <ExaminersTab /> },
  { key: 'certificates', label: '证书', roles: ['content'], render: () => <CertificatesTab /> },
] as const satisfies readonly (ConsoleTab & { render: () => ReactNode })[];

export default function DuanPage(props: { role: StaffRole }) {
  const tabs = tabsFor(TABS, props.role);
  const [key, setKey] = useState<string>(tabs[0]?.key ?? '');
  const tab = tabs.find((t) => t.key === key) ?? tabs[0];
  if (!tab) return <Empty icon="i-ri-lock-2-line" text="你的岗位无权查看段位管理" />;
  return (
    <div>
      <StatusTabs value={tab.key} tabs={tabs.map((t) => [t.key, t.label] as const)} onChange={setKey} />
      {tab.render()}
    </div>
  );
}
