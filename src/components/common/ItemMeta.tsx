import { useContext, type ReactNode } from "react";
import { ConfigProvider } from "antd";

/**
 * antd's List.Item.Meta, drawn by its own styles, with the title in a div:
 * Meta makes every item's title an h4, which puts a list's items among the
 * page's headings and out of their order (an h4 under an h1 or h2).
 */
export function ItemMeta({ avatar, title, description }: { avatar?: ReactNode; title: ReactNode; description?: ReactNode }) {
  const prefix = useContext(ConfigProvider.ConfigContext).getPrefixCls("list");
  return (
    <div className={`${prefix}-item-meta`}>
      {avatar && <div className={`${prefix}-item-meta-avatar`}>{avatar}</div>}
      <div className={`${prefix}-item-meta-content`}>
        <div className={`${prefix}-item-meta-title`}>{title}</div>
        {description && <div className={`${prefix}-item-meta-description`}>{description}</div>}
      </div>
    </div>
  );
}
