//! The Python loop's words in Chinese.

use rusty_lock_engine::yours::exercise::ExerciseId;

pub const PY_LOOP: [&str; 19] = [
    r#"# 你的智能体循环，用纯 Python 写（只用标准库）。
# 页面提供：LLM（请求发往何处）、urllib.request（由页面自带的测试服务器应答）、
# TASK、TOOLS 里的工具 look_at 和 use 及其 TOOL_SCHEMAS，还有一个虚拟时钟：
# 评分时 time.sleep 4 秒不花时间。页面会调用 run_agent(TASK)。
# “运行”在场景中播放一次运行；“成绩单”逐一经历每种故障。"#,
    r#"# 每次调用模型的尝试次数，含第一次"#,
    r#"# 第一次等待的上限（秒），之后每次翻倍"#,
    r#"# 任何一次等待都不超过这个值"#,
    r#"# 我们愿意遵守的最长 Retry-After"#,
    r#"# 看门狗：沉默超过这么多秒的调用会被切断"#,
    r#"# 第 1 层，模型的服务器。重试那些往往会自己恢复的（429、5xx、完全没有应答），
# 绝不重试每次都一样的（400、401）。"#,
    r#"            # 没有应答：连接断了，或看门狗切断了卡住的调用。"#,
    r#"        if not passes:
            raise RuntimeError(f"模型服务器拒绝了请求（{status}），再发一次也没用") from http_error
        if attempt == MAX_ATTEMPTS:
            raise RuntimeError(f"尝试 {attempt} 次后模型服务器仍然失败（{status or '没有应答'}）") from http_error"#,
    r#"# 服务器可能会说要等多久；否则在一个翻倍的上限下随机等待（full jitter），
# 这样客户端不会同时回来。"#,
    r#"# 服务器要求等待的秒数（retry-after-ms 或 Retry-After）；没说就返回 None。"#,
    r#"# 第 2 层，工具。任何出错都变成模型能读懂并照做的一句话。
# 细节（调用栈、路径）写进你的日志，不给模型。"#,
    r#"        return f"Error: 没有名为 {name} 的工具。可用的工具是 {' 和 '.join(TOOLS)}。", True"#,
    r#"        return f"Error: {name} 的参数不是有效的 JSON。请重新发送一个 JSON 对象。", True"#,
    r#"# 循环本身。它根据回复的内容作决定，而不只看 finish_reason；
# 原地打转时就交给人。其余的一律让它抛出。"#,
    r#"            if choice.get("finish_reason") == "length":
                raise RuntimeError("回复在 token 上限处被截断了：半个回答不是回答")"#,
    r#"        if asked == last_calls:
            return f"我卡住了：模型两次要求同样的事（{asked}）。交给你了。""#,
    r#"        if errors_in_a_row >= MAX_ERRORS_IN_A_ROW:
            return f"连续 {errors_in_a_row} 次工具出错，我卡住了。交给你了。""#,
    r#"    return f"{MAX_TURNS} 轮之后仍没有答案。交给你了。""#,
];

/// Gap comments whose JavaScript words name what Python does not have.
pub const PY_GAPS: [(ExerciseId, &str); 4] = [
    (
        ExerciseId::ErrorInsideTool,
        "✎ 轮到你了：这里把任何 KeyError 都当成未知工具，可 use_from_bag 在 BAG 里没有那件物品时也会抛出它。\n先检查工具名；其他错误原样发回。",
    ),
    (
        ExerciseId::ToolErrorBack,
        "✎ 轮到你了：工具一抛异常，整次运行就在这里结束。\n捕获异常，把它作为结果返回（is_error 为 True），让模型能读到。",
    ),
    (
        ExerciseId::RetryAfter,
        "✎ 轮到你了：服务器可能会说要等多久（Retry-After）。\n遵守它，但不超过 RETRY_AFTER_CAP 秒；没有它时再用退避。",
    ),
    (
        ExerciseId::Watchdog,
        "✎ 轮到你了：没有东西会切断永远不应答的调用。\n给 urlopen 一个 timeout，让它在 CALL_TIMEOUT 秒后放弃。",
    ),
];

/// The exercises' hints, in exercise order, naming Python's things (`urlopen`, `json.dumps`).
pub const PY_HINTS: [&str; 10] = [
    "用 try/except 包住对工具的调用。在 except 里返回 (f\"Error: {err}\", True)：循环会把它放进历史，模型就能读到。",
    "返回 (这句话, True) 而不是抛出异常，并用 TOOLS 里的名字（' 和 '.join(TOOLS)）拼出这句话，让模型知道真实的工具名。",
    "在调用任何东西之前，先问 name 在不在 MY_TOOLS 里。然后用一个 except Exception 发回错误自己的消息：use_from_bag 内部抛出的 KeyError，str(err) 就是 'crowbar'，正是缺的东西。",
    "最多循环尝试几次。urlopen 抛出 URLError 或 TimeoutError，或抛出状态码为 408、429 或 5xx 的 HTTPError 时重试。每次重试前执行 time.sleep(random.uniform(0, min(base × 2^(attempt−1), max)))。",
    "完全没有应答（http_error is None）、408、429 以及 500 及以上的所有状态码，passes 都应为 True，其余一律为 False。",
    "retry_after(http_error.headers) 读取这个响应头（单位：秒）。它给出数字时，在随机退避之前返回 min(该数字, RETRY_AFTER_CAP)。",
    "给 urlopen 传入 timeout=CALL_TIMEOUT。被切断的调用会抛出 TimeoutError，重试循环已经像处理连接中断一样捕获它。",
    "用 json.dumps 把这些调用（名称和参数）变成一段文本。如果和上一轮的相同，就返回一句给人看的话；否则记下它，再执行这些调用。",
    "用 logging.warning(…, exc_info=True) 把完整的错误记进日志，留给自己看。只把 str(err) 的第一行交给模型。",
    "工具只调用一次。如果它抛出异常，就把那句话作为结果返回：模型读到回复丢了，会先查看房间。",
];
