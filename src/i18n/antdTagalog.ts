/**
 * antd ships no Tagalog locale: this is ours, in the shape of antd's en_US
 * (antd/es/locale/en_US), with Filipino words throughout. The date picker's
 * month and day names come from the dayjs locale "tl" (dayjsTagalog.ts), which
 * antd finds from the picker's locale name "tl_PH".
 */
import type { Locale } from "antd/es/locale";
import type { PickerLocale } from "antd/es/date-picker/generatePicker";

const timePicker = {
  placeholder: "Pumili ng oras",
  rangePlaceholder: ["Oras ng simula", "Oras ng wakas"] as [string, string],
};

const datePicker: PickerLocale = {
  lang: {
    placeholder: "Pumili ng petsa",
    yearPlaceholder: "Pumili ng taon",
    quarterPlaceholder: "Pumili ng kwarter",
    monthPlaceholder: "Pumili ng buwan",
    weekPlaceholder: "Pumili ng linggo",
    rangePlaceholder: ["Petsa ng simula", "Petsa ng wakas"],
    rangeYearPlaceholder: ["Taon ng simula", "Taon ng wakas"],
    rangeQuarterPlaceholder: ["Kwarter ng simula", "Kwarter ng wakas"],
    rangeMonthPlaceholder: ["Buwan ng simula", "Buwan ng wakas"],
    rangeWeekPlaceholder: ["Linggo ng simula", "Linggo ng wakas"],
    locale: "tl_PH",
    yearFormat: "YYYY",
    dayFormat: "D",
    cellMeridiemFormat: "A",
    monthBeforeYear: true,
    today: "Ngayong araw",
    now: "Ngayon",
    backToToday: "Bumalik sa araw na ito",
    ok: "OK",
    clear: "Burahin",
    week: "Linggo",
    month: "Buwan",
    year: "Taon",
    timeSelect: "pumili ng oras",
    dateSelect: "pumili ng petsa",
    weekSelect: "Pumili ng linggo",
    monthSelect: "Pumili ng buwan",
    yearSelect: "Pumili ng taon",
    decadeSelect: "Pumili ng dekada",
    dateFormat: "M/D/YYYY",
    dateTimeFormat: "M/D/YYYY HH:mm:ss",
    previousMonth: "Nakaraang buwan (PageUp)",
    nextMonth: "Susunod na buwan (PageDown)",
    previousYear: "Nakaraang taon (Control + kaliwa)",
    nextYear: "Susunod na taon (Control + kanan)",
    previousDecade: "Nakaraang dekada",
    nextDecade: "Susunod na dekada",
    previousCentury: "Nakaraang siglo",
    nextCentury: "Susunod na siglo",
  },
  timePickerLocale: timePicker,
};

const typeTemplate = "Ang ${label} ay hindi wastong ${type}";

const tagalog: Locale = {
  locale: "tl",
  Pagination: {
    items_per_page: "/ pahina",
    jump_to: "Pumunta sa",
    jump_to_confirm: "kumpirmahin",
    page: "Pahina",
    prev_page: "Nakaraang pahina",
    next_page: "Susunod na pahina",
    prev_5: "Nakaraang 5 pahina",
    next_5: "Susunod na 5 pahina",
    prev_3: "Nakaraang 3 pahina",
    next_3: "Susunod na 3 pahina",
    page_size: "Laki ng pahina",
  },
  DatePicker: datePicker,
  TimePicker: timePicker,
  Calendar: datePicker,
  global: {
    placeholder: "Pumili",
    close: "Isara",
  },
  Table: {
    filterTitle: "Menu ng pansala",
    filterConfirm: "OK",
    filterReset: "I-reset",
    filterEmptyText: "Walang pansala",
    filterCheckAll: "Piliin ang lahat ng item",
    filterSearchPlaceholder: "Maghanap sa mga pansala",
    emptyText: "Walang datos",
    selectAll: "Piliin ang kasalukuyang pahina",
    selectInvert: "Baligtarin ang pagpili sa pahinang ito",
    selectNone: "Alisin ang lahat ng pinili",
    selectionAll: "Piliin ang lahat ng datos",
    sortTitle: "Pagsunud-sunurin",
    expand: "Palawakin ang hilera",
    collapse: "Itiklop ang hilera",
    triggerDesc: "I-click para ayusin nang pababa",
    triggerAsc: "I-click para ayusin nang pataas",
    cancelSort: "I-click para ihinto ang pag-aayos",
  },
  Tour: {
    Next: "Susunod",
    Previous: "Nakaraan",
    Finish: "Tapusin",
  },
  Modal: {
    okText: "OK",
    cancelText: "Kanselahin",
    justOkText: "OK",
  },
  Popconfirm: {
    okText: "OK",
    cancelText: "Kanselahin",
  },
  Transfer: {
    titles: ["", ""],
    searchPlaceholder: "Maghanap dito",
    itemUnit: "item",
    itemsUnit: "mga item",
    remove: "Alisin",
    selectCurrent: "Piliin ang kasalukuyang pahina",
    removeCurrent: "Alisin ang kasalukuyang pahina",
    selectAll: "Piliin ang lahat ng datos",
    deselectAll: "Huwag piliin ang lahat ng datos",
    removeAll: "Alisin ang lahat ng datos",
    selectInvert: "Baligtarin ang kasalukuyang pahina",
  },
  Upload: {
    uploading: "Ina-upload...",
    removeFile: "Alisin ang file",
    uploadError: "Nabigo ang pag-upload",
    previewFile: "Silipin ang file",
    downloadFile: "I-download ang file",
  },
  Empty: {
    description: "Walang datos",
  },
  Icon: {
    icon: "ikon",
  },
  Text: {
    edit: "I-edit",
    copy: "Kopyahin",
    copied: "Nakopya na",
    expand: "Palawakin",
    collapse: "Itiklop",
  },
  Form: {
    optional: "(opsyonal)",
    defaultValidateMessages: {
      default: "May mali sa pagsusuri ng ${label}",
      required: "Pakilagay ang ${label}",
      enum: "Ang ${label} ay dapat isa sa [${enum}]",
      whitespace: "Hindi maaaring puwang lamang ang ${label}",
      date: {
        format: "Hindi wasto ang anyo ng petsa ng ${label}",
        parse: "Hindi magawang petsa ang ${label}",
        invalid: "Hindi wastong petsa ang ${label}",
      },
      types: {
        string: typeTemplate,
        method: typeTemplate,
        array: typeTemplate,
        object: typeTemplate,
        number: typeTemplate,
        date: typeTemplate,
        boolean: typeTemplate,
        integer: typeTemplate,
        float: typeTemplate,
        regexp: typeTemplate,
        email: typeTemplate,
        url: typeTemplate,
        hex: typeTemplate,
      },
      string: {
        len: "Ang ${label} ay dapat may ${len} na titik",
        min: "Ang ${label} ay dapat may hindi bababa sa ${min} na titik",
        max: "Ang ${label} ay dapat may hanggang ${max} na titik lamang",
        range: "Ang ${label} ay dapat may ${min}-${max} na titik",
      },
      number: {
        len: "Ang ${label} ay dapat katumbas ng ${len}",
        min: "Ang ${label} ay dapat hindi bababa sa ${min}",
        max: "Ang ${label} ay dapat hindi hihigit sa ${max}",
        range: "Ang ${label} ay dapat nasa pagitan ng ${min}-${max}",
      },
      array: {
        len: "Dapat ay ${len} ang ${label}",
        min: "Hindi bababa sa ${min} ang ${label}",
        max: "Hindi hihigit sa ${max} ang ${label}",
        range: "Ang bilang ng ${label} ay dapat nasa pagitan ng ${min}-${max}",
      },
      pattern: {
        mismatch: "Hindi tugma ang ${label} sa padron na ${pattern}",
      },
    },
  },
  Image: {
    preview: "Silipin",
  },
  QRCode: {
    expired: "Paso na ang QR code",
    refresh: "I-refresh",
    scanned: "Na-scan na",
  },
  ColorPicker: {
    presetEmpty: "Walang laman",
    transparent: "Naaaninag",
    singleColor: "Iisang kulay",
    gradientColor: "Gradyent",
  },
};

export default tagalog;
