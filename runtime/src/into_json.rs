//! Moving generated outputs into JSON.

use serde_json::{Map, Value};

/// Moves a generated output into JSON exactly as its `Serialize` derive would write it, but
/// without copying: `serde_json::to_value` serializes a copy of every string and map, which a
/// batch of large results pays twice.
pub trait IntoJson {
    fn into_json(self) -> Value;
}

impl IntoJson for String {
    fn into_json(self) -> Value {
        Value::String(self)
    }
}

impl IntoJson for i64 {
    fn into_json(self) -> Value {
        Value::from(self)
    }
}

impl IntoJson for bool {
    fn into_json(self) -> Value {
        Value::Bool(self)
    }
}

impl IntoJson for Value {
    fn into_json(self) -> Value {
        self
    }
}

impl IntoJson for Map<String, Value> {
    fn into_json(self) -> Value {
        Value::Object(self)
    }
}

impl<T: IntoJson> IntoJson for Option<T> {
    fn into_json(self) -> Value {
        self.map_or(Value::Null, IntoJson::into_json)
    }
}

impl<T: IntoJson> IntoJson for Vec<T> {
    fn into_json(self) -> Value {
        Value::Array(self.into_iter().map(IntoJson::into_json).collect())
    }
}
