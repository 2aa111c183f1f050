//! Your own loop's words in Chinese.

use crate::text::zh::Zh;
use crate::text::{Core, Yours, YoursLabels};

pub static YOURS: YoursLabels = YoursLabels {
    yours_title: "你自己的循环",
    yours_tagline: "粘贴你的智能体循环，看它遇上每一种故障，拿到它的成绩单。",
    yours_back: "返回演练场",
    yours_editor_label: "你的智能体循环（JavaScript 或 TypeScript）",
    yours_run: "运行",
    yours_stop: "停止",
    yours_card: "成绩单",
    yours_reset_code: "初始代码",
    yours_loading_editor: "正在加载编辑器…",
    yours_editor_missing: "代码编辑器未能获取，这里换成了普通文本框。你的代码照样运行。",
    yours_sandbox_missing: "运行你代码的沙箱未能获取。请检查网络后再按运行。",
    yours_stripper_missing: "读取 TypeScript 的部分未能获取。请检查网络后再按运行。",
    yours_provides_title: "页面提供给你代码的东西",
    yours_provides_llm: "LLM：基础 URL、模型名和一个占位密钥。真正的密钥绝不会到达你的代码。",
    yours_provides_fetch: "fetch：不管主机名是什么，都由页面自带的 OpenAI 兼容服务器应答，绝不会访问网络。",
    yours_provides_tools: "look_at 和 use（也在 tools 里，另有 lookAt），异步：返回结果，或抛出工具的错误。toolSchemas：它们的 JSON Schema。",
    yours_provides_time: "setTimeout、Date.now、performance.now 和 AbortSignal.timeout 都走虚拟时间：评分时等 4 秒不花时间，在场景里则按原节奏播放。",
    yours_provides_random: "Math.random 由链接给定种子，所以一次运行能原样重放。",
    yours_provides_end: "定义 runAgent(task)：页面用 TASK 调用它。它的返回值就是答案；它抛出的异常会结束运行。",
    yours_case_label: "要遇上的故障",
    yours_card_title: "成绩单",
    yours_card_hint: "每种故障都在一个全新的沙箱里、按虚拟时间对你的循环演一遍，旁边是页面自带的稳健循环。",
    yours_col_case: "故障",
    yours_col_yours: "你的循环",
    yours_col_reference: "稳健循环",
    yours_col_verdict: "评语",
    yours_open_case: "在场景中打开",
    yours_copy_link: "复制带我代码的链接",
    yours_copied: "链接已复制。打开它会显示你的代码，在按下运行之前什么都不执行。",
    yours_save_file: "保存为文件",
    yours_open_file: "打开文件",
    yours_link_damaged: "这个链接里的代码无法读取，所以显示的是初始代码。",
    yours_console_title: "你的代码输出的日志",
    yours_not_run: "还没有运行过：按“运行”观看你的循环，或按“成绩单”逐一经历每种故障。",
    yours_reference_name: "页面自带的稳健循环",
    yours_perfect: "满分成绩单：每种故障都由正确的层处理了。",
};

impl Yours for Zh {
    fn yours_strip_error(&self, message: &str, line: u32, column: u32) -> String {
        format!("你的代码在第 {line} 行第 {column} 列无法读取：{message}")
    }
    fn yours_blocked(&self, budget_ms: u64) -> String {
        format!("你的代码在 {} 内没有交还控制权，它的沙箱已被拆除。", self.duration(budget_ms))
    }
    fn yours_too_long(&self, chars: usize, max: usize) -> String {
        format!("你的代码生成的链接有 {chars} 个字符，超过了链接能稳妥携带的 {max} 个。请改为保存成文件。")
    }
    fn yours_cost(&self, requests: u32, virtual_ms: u64) -> String {
        format!("{requests} 次请求，{}", self.duration(virtual_ms))
    }
    fn yours_card_count(&self, passed: usize, total: usize) -> String {
        format!("{total} 种故障中有 {passed} 种由正确的层处理。")
    }
    fn yours_grading(&self, done: usize, total: usize) -> String {
        format!("评分中：{done} / {total}…")
    }
}
