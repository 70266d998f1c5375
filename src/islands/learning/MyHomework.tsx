import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { createMyHomework, type MyAssignment } from '~/lib/stores/homework';
import { MemberOnly } from '../ui/MemberOnly';
import { MemberGate } from '../ui/mobile/MemberGate';
import { PagerButtons } from '../ui/PagerButtons';
import { ListState } from '../ui/states';
import { AssignmentCard } from './AssignmentCard';

/** 我的作业 (/my/homework, phone /m/my/homework): assignments of my courses and classes, with state and attempts. */
export default function MyHomework(props: { phone?: boolean }) {
  if (props.phone)
    return (
      <MemberGate text="登录后查看我的作业">
        <List phone />
      </MemberGate>
    );
  return (
    <MemberOnly>
      <List phone={false} />
    </MemberOnly>
  );
}

function List(props: { phone: boolean }) {
  const [paged] = useState(createMyHomework);
  const { data, error } = useStore(paged.$list);
  useEffect(() => {
    void paged.load();
  }, [paged]);
  const replace = (next: MyAssignment) =>
    data && paged.$list.setKey('data', { ...data, list: data.list.map((x) => (x.id === next.id ? next : x)) });
  return (
    <div className={props.phone ? 'p-3' : ''}>
      {!props.phone && <h1 className="mb-4 border-b border-line pb-4 text-lg font-600">我的作业</h1>}
      <ListState
        error={error}
        loading={!data}
        empty={data?.list.length === 0}
        emptyText="还没有作业：购买课程或报名班级后，教练布置的作业会出现在这里"
        emptyAction={['去选课程', props.phone ? '/m/train' : '/train/course']}
      >
        <ul className="flex flex-col gap-3" data-testid="my-homework-list">
          {data?.list.map((a) => (
            <AssignmentCard key={a.id} a={a} phone={props.phone} showTarget onChange={replace} />
          ))}
        </ul>
      </ListState>
      {data && <PagerButtons page={data.page} total={data.total} limit={data.limit} onPage={(p) => void paged.setPage(p)} />}
    </div>
  );
}
