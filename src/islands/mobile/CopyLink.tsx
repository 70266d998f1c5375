import { copyLink } from '~/lib/stores/share';

/** 复制链接: one button that copies `url`. */
export default function CopyLink(props: { url: string; label?: string }) {
  return (
    <button type="button" className="gf-m-btn-primary w-full" onClick={() => void copyLink(props.url)}>
      {props.label ?? '复制链接'}
    </button>
  );
}
