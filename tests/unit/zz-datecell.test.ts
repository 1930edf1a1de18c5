import ExcelJS from "exceljs";
import JSZip from "jszip";
import { it } from "vitest";
import { readWorksheets } from "../../server/modules/payroll/sheet/import-file";
it("x", async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("All");
  sheet.addRow(["Employee number [employee_number]", "Basic pay [BASIC]"]);
  sheet.addRow(["I-ANA", 1]);
  const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
  let xml = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
  console.log(xml.match(/<row r="2".*?<\/row>/)![0]);
  xml = xml.replace(/<c r="B2"([^>]*)><v>1<\/v><\/c>/, '<c r="B2" t="d"><v>2026-11-28T00:00:00Z</v></c>');
  zip.file("xl/worksheets/sheet1.xml", xml);
  const buf = await zip.generateAsync({ type: "nodebuffer" });
  const tables = await readWorksheets(buf);
  console.log(JSON.stringify(tables[0].rows.map(r => r.cells[1])));
});
