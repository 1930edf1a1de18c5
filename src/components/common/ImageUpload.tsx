import { useState } from "react";
import { PictureOutlined, UploadOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Button, Space, Typography, Upload } from "antd";
import { useTranslation } from "react-i18next";
import { useFileUpload } from "./useFileUpload";

interface ImageUploadProps {
  imageUrl: string | null;
  /** Accepted content types; the server checks the bytes again. */
  accept: readonly string[];
  maxBytes: number;
  upload: (file: File) => Promise<void>;
  /** A person's picture is round; a logo keeps its corners. */
  shape?: "circle" | "square";
  /** The button's words, the hint below it and the image's name; a profile picture's by default. */
  labels?: { choose: string; hint: string; image?: string };
  disabled?: boolean;
}

/**
 * Picture with preview: the chosen file shows at once, and goes up only if it
 * is of an accepted type and size, so a mistake costs no round trip.
 */
export function ImageUpload({ imageUrl, accept, maxBytes, upload, shape = "circle", labels, disabled }: ImageUploadProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const { busy, problem, choose } = useFileUpload(
    { accept, maxBytes, wrongType: t("profile.pictureType"), tooLarge: t("profile.pictureTooLarge", { max: `${Math.round((maxBytes / 1024 / 1024) * 100) / 100} MB` }) },
    async (file) => {
      const local = URL.createObjectURL(file);
      setPreview(local);
      try {
        await upload(file);
      } finally {
        // Stored (or refused): from now on the picture shown is the saved one.
        setPreview(null);
        URL.revokeObjectURL(local);
      }
    },
  );

  return (
    <Space direction="vertical" align="center">
      <Avatar
        size={112}
        shape={shape}
        src={preview ?? imageUrl ?? undefined}
        alt={labels?.image}
        icon={shape === "circle" ? <UserOutlined /> : <PictureOutlined />}
        data-testid="picture-preview"
      />
      <Upload
        accept={accept.join(",")}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
          {labels?.choose ?? t("profile.choosePicture")}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {labels?.hint ?? t("profile.pictureHint")}
      </Typography.Text>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Space>
  );
}
